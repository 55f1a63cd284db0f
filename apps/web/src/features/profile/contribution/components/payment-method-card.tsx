import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContributionInfo, PaymentMethod } from "@cohort/common/contributions";
import { knownErrorCode } from "../../../../api/client-error";
import { updatePaymentMethod } from "../../../../api/contribution";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { PaymentMethodChoice } from "../../../join/components/payment-method-choice";
import { offeredPaymentMethods } from "../../../join/contribution-choice";
import { followProviderStep } from "../../../join/provider-step";

/** Replacing the card or bank account the contribution is collected from. */
export function PaymentMethodCard({ info }: { info: ContributionInfo }) {
  const { t } = useTranslation();
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(
    (info.paymentSource?.method ?? offeredPaymentMethods[0]) || "s_card",
  );
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [needsStripe, setNeedsStripe] = useState(false);
  const [isPending, setIsPending] = useState(false);

  const submit = async () => {
    setError(null);
    setNeedsStripe(false);
    setIsPending(true);
    try {
      if (followProviderStep(await updatePaymentMethod(paymentMethod)) === "needs-stripe") setNeedsStripe(true);
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
      <PaymentMethodChoice value={paymentMethod} onChange={setPaymentMethod} hideLegend />
      {needsStripe && (
        <Alert variant="warning" title={t("contribution.cardUnavailable.title")}>
          {t("contribution.cardUnavailable.description")}
        </Alert>
      )}
      <FormError message={error} />
      <Button variant="secondary" isLoading={isPending} onClick={() => void submit()}>
        {t("contribution.paymentMethod.submit")}
      </Button>
    </Card>
  );
}
