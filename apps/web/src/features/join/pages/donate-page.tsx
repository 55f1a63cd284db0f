import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CONTACT_LIMITS } from "@cohort/common/contacts";
import { MAX_CONTRIBUTION_AMOUNT } from "@cohort/common/contributions";
import { useGeneralContent } from "../../../api/content";
import { startGift } from "../../../api/gifts";
import { useJoinContent } from "../../../api/join-content";
import { FormError, LEAVING, usePlainForm } from "../../../app/forms/form-error";
import { useFormatters } from "../../../app/i18n/use-formatters";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { cx, linkClass } from "../../../ui/class-names";
import { StoredText } from "../../../ui/rich-text";
import { TextField } from "../../../ui/text-field";
import { isEmailLike } from "../../../shared/password/password-rules";
import { parseAmount } from "../../../shared/contribution/contribution-choice";
import { followProviderStep } from "../../../shared/contribution/provider-step";
import { StripeSetupStep } from "../../../shared/contribution/stripe-setup-step";
import { choiceClass } from "../../../shared/contribution/contribution-fields";
import { emailFieldError } from "../components/email-error";
import { JoinContentStatus } from "../components/join-content-status";

/** Giving once (decision 068): an amount, a name and an address, paid by card; no membership. */
export function DonatePage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { organisationName } = useGeneralContent();
  const joinContent = useJoinContent();
  const settings = joinContent.data;
  const nameGroup = useId();
  const [amount, setAmount] = useState<string | null>(null);
  const [firstname, setFirstname] = useState("");
  const [lastname, setLastname] = useState("");
  const [email, setEmail] = useState("");
  const form = usePlainForm();
  const [stripeSecret, setStripeSecret] = useState<string | null>(null);

  if (!settings) return <JoinContentStatus isError={joinContent.isError} onRetry={() => void joinContent.refetch()} />;

  const chosen = amount ?? String(settings.giftAmounts[0] ?? "");
  const parsed = parseAmount(chosen);
  const minimum = format.currency(settings.giftMinAmount);
  const isAmountValid = parsed !== undefined && parsed >= settings.giftMinAmount && parsed <= MAX_CONTRIBUTION_AMOUNT;
  const amountError = form.submitted && !isAmountValid ? t("gift.errors.amount", { amount: minimum }) : undefined;
  const emailError = emailFieldError(t, email, form.submitted);

  const submit = async () => {
    setStripeSecret(null);
    if (!isAmountValid || !isEmailLike(email)) return;
    await form.send(async () => {
      const params = await startGift({
        email: email.trim(),
        firstname: firstname.trim(),
        lastname: lastname.trim(),
        amount: parsed,
      });
      const clientSecret = followProviderStep(params);
      if (!clientSecret) return LEAVING;
      setStripeSecret(clientSecret);
    });
  };

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("gift.title", { organisation: organisationName })}</h1>
        <StoredText
          text={settings.giftIntro}
          fallback={t("gift.intro", { organisation: organisationName })}
          className="text-body/75"
        />
      </header>
      {!settings.giftEnabled ? (
        <Alert variant="info">{t("gift.unavailable")}</Alert>
      ) : (
        <form noValidate className="space-y-6" onSubmit={form.onSubmit(submit)}>
          <GiftAmountField
            presets={settings.giftAmounts}
            chosen={chosen}
            onChange={setAmount}
            minimum={minimum}
            error={amountError}
          />
          <fieldset className="space-y-3" aria-describedby={`${nameGroup}-hint`}>
            <legend className="text-sm font-semibold">{t("gift.aboutYou")}</legend>
            <p id={`${nameGroup}-hint`} className="text-sm text-body/70">
              {t("gift.aboutYouHint")}
            </p>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                label={t("gift.firstname")}
                autoComplete="given-name"
                maxLength={CONTACT_LIMITS.name}
                value={firstname}
                onChange={(event) => setFirstname(event.target.value)}
              />
              <TextField
                label={t("gift.lastname")}
                autoComplete="family-name"
                maxLength={CONTACT_LIMITS.name}
                value={lastname}
                onChange={(event) => setLastname(event.target.value)}
              />
            </div>
            <TextField
              label={t("join.email")}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={emailError}
            />
          </fieldset>
          {stripeSecret && (
            <StripeSetupStep
              key={stripeSecret}
              clientSecret={stripeSecret}
              flow="gift"
              onClose={() => setStripeSecret(null)}
            />
          )}
          <FormError message={form.error} />
          <Button type="submit" isFullWidth isLoading={form.isPending}>
            {parsed !== undefined ? t("gift.submitAmount", { amount: format.currency(parsed) }) : t("gift.submit")}
          </Button>
        </form>
      )}
      <p className="text-center text-sm">
        <Link to="/join" className={linkClass}>
          {t("gift.joinInstead")}
        </Link>
      </p>
    </div>
  );
}

interface GiftAmountFieldProps {
  presets: readonly number[];
  chosen: string;
  onChange: (amount: string) => void;
  /** The smallest gift, formatted. */
  minimum: string;
  error: string | undefined;
}

/** The suggested amounts, and any other amount from the minimum up. */
function GiftAmountField({ presets, chosen, onChange, minimum, error }: GiftAmountFieldProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">{t("gift.amount")}</legend>
      {presets.length > 0 && (
        <div className="grid grid-cols-3 gap-2">
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              aria-pressed={chosen === String(preset)}
              className={cx("focus-ring", choiceClass(chosen === String(preset)))}
              onClick={() => onChange(String(preset))}
            >
              {format.currency(preset)}
            </button>
          ))}
        </div>
      )}
      <TextField
        label={t("gift.otherAmount")}
        hint={t("gift.minimum", { amount: minimum })}
        inputMode="decimal"
        value={chosen}
        onChange={(event) => onChange(event.target.value)}
        error={error}
      />
    </fieldset>
  );
}
