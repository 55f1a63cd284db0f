import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import type { PaymentMethod } from "@cohort/common/contributions";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";
import { useGeneralContent } from "../../../api/content";
import { startSignup } from "../../../api/signup";
import { FormError } from "../../../app/forms/form-error";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { linkClass } from "../../../ui/class-names";
import { TextField } from "../../../ui/text-field";
import { isEmailLike } from "../../auth/reset/password-rules";
import { ContributionFields } from "../components/contribution-fields";
import { PaymentMethodChoice } from "../components/payment-method-choice";
import type { ContributionChoice } from "../contribution-choice";
import { amountProblem, offeredPaymentMethods, parseAmount } from "../contribution-choice";
import { followProviderStep } from "../provider-step";

const initialChoice: ContributionChoice = { amount: "10", period: "monthly", payFee: false };

/** Joining: a contribution, a payment method and an email address; `?free` joins without contributing. */
export function JoinPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { organisationName } = useGeneralContent();
  const isFree = searchParams.has("free");
  const [choice, setChoice] = useState(initialChoice);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(offeredPaymentMethods[0] ?? "s_card");
  const [email, setEmail] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [needsStripe, setNeedsStripe] = useState(false);
  const [isPending, setIsPending] = useState(false);

  const problem = submitted && !isFree ? amountProblem(choice) : null;
  const emailError = !submitted
    ? undefined
    : !email.trim()
      ? t("join.errors.emailRequired")
      : isEmailLike(email)
        ? undefined
        : t("join.errors.emailInvalid");

  const submit = async () => {
    setSubmitted(true);
    setNeedsStripe(false);
    const amount = parseAmount(choice.amount);
    if (!isEmailLike(email) || (!isFree && (amountProblem(choice) || amount === undefined))) return;
    setError(null);
    setIsPending(true);
    try {
      const params = await startSignup({
        email: email.trim(),
        ...(!isFree && amount !== undefined && { contribution: { ...choice, amount, paymentMethod } }),
      });
      if (!params) {
        void navigate("/join/confirm-email", { state: { email: email.trim() } });
      } else if (followProviderStep(params) === "needs-stripe") {
        setNeedsStripe(true);
        setIsPending(false);
      }
    } catch (failure) {
      setError(messageForError(failure));
      setIsPending(false);
    }
  };

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">
          {t(isFree ? "join.freeTitle" : "join.title", { organisation: organisationName })}
        </h1>
        <p className="text-body/75">
          {t(isFree ? "join.freeIntro" : "join.intro", { organisation: organisationName })}
        </p>
      </header>
      <form
        noValidate
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {!isFree && (
          <>
            <ContributionFields value={choice} onChange={setChoice} paymentMethod={paymentMethod} problem={problem} />
            <PaymentMethodChoice value={paymentMethod} onChange={setPaymentMethod} />
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
        {needsStripe && (
          <Alert variant="warning" title={t("contribution.cardUnavailable.title")}>
            {t("contribution.cardUnavailable.description")}
          </Alert>
        )}
        <FormError message={error} />
        <Button type="submit" isFullWidth isLoading={isPending}>
          {t("join.submit")}
        </Button>
      </form>
      <p className="text-center text-sm text-body/75">
        {t("join.haveAccount")}{" "}
        <Link to="/auth/login" className={linkClass}>
          {t("join.login")}
        </Link>
      </p>
      {!isFree && (
        <p className="text-center text-sm">
          <Link to="/join?free" className={linkClass}>
            {t("join.joinForFree")}
          </Link>
        </p>
      )}
    </div>
  );
}
