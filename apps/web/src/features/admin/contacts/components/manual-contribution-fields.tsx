import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { contributionPeriods } from "@cohort/common/payments";
import { useGeneralContent } from "../../../../api/content";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import type { AddContactFormInput } from "../forms/contact-form-schema";

/** A contribution the newsroom records by hand, e.g. a standing order or cash at an event. */
export function ManualContributionFields() {
  const { t } = useTranslation();
  const { currencySymbol } = useGeneralContent();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<AddContactFormInput>();
  const type = useWatch({ control, name: "contribution.type" });

  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-bold">{t("admin.contacts.form.contributionTitle")}</legend>
      <SelectField label={t("admin.contacts.form.contributionType")} {...register("contribution.type")}>
        <option value="None">{t("admin.contacts.form.contributionNone")}</option>
        <option value="Manual">{t("admin.contacts.form.contributionManual")}</option>
      </SelectField>
      {type === "Manual" && (
        <div className="grid items-start gap-4 sm:grid-cols-3">
          <TextField
            label={t("admin.contacts.form.amount", { currency: currencySymbol })}
            inputMode="decimal"
            error={translateValidationMessage(t, errors.contribution?.amount?.message)}
            {...register("contribution.amount")}
          />
          <SelectField label={t("admin.contacts.form.period")} {...register("contribution.period")}>
            {contributionPeriods.map((period) => (
              <option key={period} value={period}>
                {t(`admin.contacts.form.periods.${period}`)}
              </option>
            ))}
          </SelectField>
          <TextField
            label={t("admin.contacts.form.source")}
            hint={t("admin.contacts.form.sourceHint")}
            error={translateValidationMessage(t, errors.contribution?.source?.message)}
            {...register("contribution.source")}
          />
        </div>
      )}
    </fieldset>
  );
}
