import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContributionInfo, PaymentMethod } from "@cohort/common/payments";
import { knownErrorCode } from "../../../../api/client-error";
import { updatePaymentMethod } from "../../../../api/contribution";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { PaymentMethodChoice } from "../../../../shared/contribution/payment-method-choice";
import { StripeSetupStep } from "../../../../shared/contribution/stripe-setup-step";
import { defaultJoinContent } from "@cohort/common/content";
import { useJoinContent } from "../../../../api/join-content";
import { preferredMethod } from "../../../../shared/contribution/contribution-choice";
import { followProviderStep } from "../../../../shared/contribution/provider-step";

/** Replacing the card or bank account the contribution is collected from. */
export function PaymentMethodCard({ info }: { info: ContributionInfo }) {
  const { t } = useTranslation();
  // The methods the join form offers; all of them until the settings are read.
  const offered = (useJoinContent().data ?? defaultJoinContent).paymentMethods;
  const [chosenMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const paymentMethod = chosenMethod ?? preferredMethod(offered, info.paymentSource?.method);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [stripeSecret, setStripeSecret] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);

  const submit = async () => {
    if (!paymentMethod) return;
    setError(null);
    setStripeSecret(null);
    setIsPending(true);
    try {
      setStripeSecret(followProviderStep(await updatePaymentMethod(paymentMethod)));
    } catch (failure) {
      setError(
        knownErrorCode(failure) === "cant-update-contribution"
          ? "errors.cantUpdateContribution"
          : messageForError(failure),
      );
    } finally {
      setIsPending(false);
    }
  };

  return (
    <Card className="space-y-5">
      <h2 className="text-lg font-bold">{t("contribution.paymentMethod.title")}</h2>
      <p className="text-body/75">{t("contribution.paymentMethod.intro")}</p>
      {paymentMethod && (
        <PaymentMethodChoice value={paymentMethod} onChange={setPaymentMethod} methods={offered} hideLegend />
      )}
      {stripeSecret && (
        <StripeSetupStep
          key={stripeSecret}
          clientSecret={stripeSecret}
          flow="payment-method"
          onClose={() => setStripeSecret(null)}
        />
      )}
      <FormError message={error} />
      <Button variant="secondary" isLoading={isPending} disabled={!paymentMethod} onClick={() => void submit()}>
        {t("contribution.paymentMethod.submit")}
      </Button>
    </Card>
  );
}
