import type { FormEvent } from "react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContributionPeriod } from "@cohort/common/payments";
import { contributionPeriods } from "@cohort/common/payments";
import type { ForceContribution } from "@cohort/common/contributions";
import { hasAtMostTwoDecimals } from "@cohort/common/contributions";
import { knownErrorCode } from "../../../../api/client-error";
import { useGeneralContent } from "../../../../api/content";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import { useForceContribution } from "./use-contribution-mutations";

type ForcedType = ForceContribution["type"];

/** The amount typed, in major units, or undefined when it is not a positive two-decimal number. */
function readAmount(text: string): number | undefined {
  const amount = Number(text.trim().replace(",", "."));
  return text.trim() && Number.isFinite(amount) && amount > 0 && hasAtMostTwoDecimals(amount) ? amount : undefined;
}

/** Records a contribution paid outside the providers, or removes it. */
export function ForceContributionForm({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const { currencySymbol } = useGeneralContent();
  const force = useForceContribution(contactId);
  const [type, setType] = useState<ForcedType>("Manual");
  const [amountText, setAmountText] = useState("");
  const [period, setPeriod] = useState<ContributionPeriod>("monthly");
  const [source, setSource] = useState("");
  const [reference, setReference] = useState("");
  const [showErrors, setShowErrors] = useState(false);
  const amount = readAmount(amountText);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (type === "Manual" && amount === undefined) return;
    const body: ForceContribution =
      type === "None"
        ? { type }
        : {
            type,
            amount,
            period,
            ...(source.trim() ? { source: source.trim() } : {}),
            ...(reference.trim() ? { reference: reference.trim() } : {}),
          };
    force.mutate(body, {
      onSuccess: () => {
        setShowErrors(false);
        notifications.addToast({ variant: "success", title: t("adminPayments.contribution.saved") });
      },
    });
  };

  const refusal =
    knownErrorCode(force.error) === "cant-update-contribution"
      ? t("adminPayments.contribution.refused")
      : force.error
        ? t(messageForError(force.error))
        : null;

  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("adminPayments.contribution.forceTitle")}</h2>
      <p className="text-body/75">{t("adminPayments.contribution.forceHint")}</p>
      {refusal && <Alert variant="error" title={refusal} />}
      <form noValidate className="space-y-4" onSubmit={handleSubmit}>
        <SelectField
          label={t("adminPayments.contribution.type")}
          value={type}
          onChange={(event) => setType(event.target.value === "None" ? "None" : "Manual")}
        >
          <option value="Manual">{t("adminPayments.contribution.typeManual")}</option>
          <option value="None">{t("adminPayments.contribution.typeNone")}</option>
        </SelectField>
        {type === "Manual" && (
          <div className="grid items-start gap-4 sm:grid-cols-2">
            <TextField
              label={t("admin.contacts.form.amount", { currency: currencySymbol })}
              inputMode="decimal"
              value={amountText}
              error={showErrors && amount === undefined ? t("adminPayments.contribution.amountInvalid") : undefined}
              onChange={(event) => setAmountText(event.target.value)}
            />
            <SelectField
              label={t("admin.contacts.form.period")}
              value={period}
              onChange={(event) => setPeriod(event.target.value === "annually" ? "annually" : "monthly")}
            >
              {contributionPeriods.map((option) => (
                <option key={option} value={option}>
                  {t(`admin.contacts.form.periods.${option}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t("admin.contacts.form.source")}
              hint={t("admin.contacts.form.sourceHint")}
              value={source}
              onChange={(event) => setSource(event.target.value)}
            />
            <TextField
              label={t("adminPayments.contribution.reference")}
              value={reference}
              onChange={(event) => setReference(event.target.value)}
            />
          </div>
        )}
        <Button type="submit" isLoading={force.isPending}>
          {t("adminPayments.contribution.save")}
        </Button>
      </form>
    </Card>
  );
}
