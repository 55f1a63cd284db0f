import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { PaymentMethod } from "@cohort/common/payments";
import { useGeneralContent } from "../../../api/content";
import { useJoinContent } from "../../../api/join-content";
import { newIdempotencyKey } from "../../../api/idempotent-send";
import { startSignup } from "../../../api/signup";
import { FormError, LEAVING, usePlainForm } from "../../../app/forms/form-error";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { linkClass } from "../../../ui/class-names";
import { StoredText } from "../../../ui/rich-text";
import { TextField } from "../../../ui/text-field";
import { isEmailLike } from "../../../shared/password/password-rules";
import { ContributionFields } from "../../../shared/contribution/contribution-fields";
import { PaymentMethodChoice } from "../../../shared/contribution/payment-method-choice";
import { StripeSetupStep } from "../../../shared/contribution/stripe-setup-step";
import type { ContributionChoice } from "../../../shared/contribution/contribution-choice";
import {
  amountProblem,
  applyFeeRule,
  initialChoice,
  parseAmount,
} from "../../../shared/contribution/contribution-choice";
import { emailFieldError } from "../components/email-error";
import { JoinContentStatus } from "../components/join-content-status";
import { followProviderStep } from "../../../shared/contribution/provider-step";
import { useLinkAttribution } from "../../../shared/attribution/use-link-attribution";

/** Joining: a contribution, a payment method and an email address; `?free` joins without contributing. */
export function JoinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { organisationName } = useGeneralContent();
  const joinContent = useJoinContent();
  const settings = joinContent.data;
  const methods = settings?.paymentMethods ?? [];
  // Joining without a contribution only where the settings allow it; then also when no method is offered.
  const isFree = settings?.showNoContribution === true && (searchParams.has("free") || methods.length === 0);
  const [chosen, setChoice] = useState<ContributionChoice | null>(null);
  const [chosenMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const choice = chosen ?? (settings ? initialChoice(settings) : { amount: "", period: "monthly", payFee: false });
  const paymentMethod = chosenMethod ?? methods[0] ?? "s_card";
  const [email, setEmail] = useState("");
  const form = usePlainForm();
  const [stripeSecret, setStripeSecret] = useState<string | null>(null);
  const attribution = useLinkAttribution();

  const problem = form.submitted && !isFree ? amountProblem(choice, settings) : null;
  const emailError = emailFieldError(t, email, form.submitted);

  const submit = async () => {
    setStripeSecret(null);
    const amount = parseAmount(choice.amount);
    const isPaidReady = amountProblem(choice, settings) === null && amount !== undefined && methods.length > 0;
    if (!isEmailLike(email) || (!isFree && !isPaidReady)) return;
    await form.send(async () => {
      const params = await startSignup({
        idempotencyKey: newIdempotencyKey(),
        email: email.trim(),
        attribution,
        ...(!isFree &&
          amount !== undefined &&
          settings && { contribution: { ...applyFeeRule(choice, settings), amount, paymentMethod } }),
      });
      if (!params) {
        void navigate("/join/confirm-email", { state: { email: email.trim() } });
        return LEAVING;
      }
      const clientSecret = followProviderStep(params);
      if (!clientSecret) return LEAVING;
      setStripeSecret(clientSecret);
    });
  };

  if (!settings) return <JoinContentStatus isError={joinContent.isError} onRetry={() => void joinContent.refetch()} />;

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">
          {(!isFree && settings.title) ||
            t(isFree ? "join.freeTitle" : "join.title", { organisation: organisationName })}
        </h1>
        <StoredText
          text={isFree ? "" : settings.subtitle}
          fallback={t(isFree ? "join.freeIntro" : "join.intro", { organisation: organisationName })}
          className="text-body/75"
        />
      </header>
      <form noValidate className="space-y-6" onSubmit={form.onSubmit(submit)}>
        {!isFree && (
          <>
            <ContributionFields
              value={choice}
              onChange={setChoice}
              paymentMethod={paymentMethod}
              problem={problem}
              settings={settings}
            />
            {methods.length > 0 ? (
              <PaymentMethodChoice value={paymentMethod} onChange={setPaymentMethod} methods={methods} />
            ) : (
              <Alert variant="warning">{t("join.noPaymentMethods")}</Alert>
            )}
          </>
        )}
        <TextField
          label={t("join.email")}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={emailError}
        />
        {stripeSecret && (
          <StripeSetupStep
            key={stripeSecret}
            clientSecret={stripeSecret}
            flow="join"
            onClose={() => setStripeSecret(null)}
          />
        )}
        <FormError message={form.error} />
        <Button type="submit" isFullWidth isLoading={form.isPending}>
          {t("join.submit")}
        </Button>
      </form>
      <p className="text-center text-sm text-body/75">
        {t("join.haveAccount")}{" "}
        <Link to="/auth/login" className={linkClass}>
          {t("join.login")}
        </Link>
      </p>
      {!isFree && settings.showNoContribution && (
        <p className="text-center text-sm">
          <Link to="/join?free" className={linkClass}>
            {t("join.joinForFree")}
          </Link>
        </p>
      )}
      {settings.giftEnabled && (
        <p className="text-center text-sm">
          <Link to="/donate" className={linkClass}>
            {t("join.giveOnce")}
          </Link>
        </p>
      )}
    </div>
  );
}
