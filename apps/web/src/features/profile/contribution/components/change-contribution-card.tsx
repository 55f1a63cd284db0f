import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContributionInfo, PaymentMethod } from "@cohort/common/contributions";
import { knownErrorCode } from "../../../../api/client-error";
import { contributionKeys, startContribution, updateContribution } from "../../../../api/contribution";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ContributionFields } from "../../../join/components/contribution-fields";
import { PaymentMethodChoice } from "../../../join/components/payment-method-choice";
import type { ContributionChoice } from "../../../join/contribution-choice";
import { amountProblem, offeredPaymentMethods, parseAmount } from "../../../join/contribution-choice";
import { followProviderStep } from "../../../join/provider-step";

/** Whether the contribution runs on a payment method the providers collect from. */
export function hasPaymentMethod(info: ContributionInfo): boolean {
  return info.type === "Automatic" && !!info.paymentSource?.method;
}

function initialChoice(info: ContributionInfo): ContributionChoice {
  return {
    amount: info.amount ? String(info.amount) : "10",
    period: info.period ?? "monthly",
    payFee: info.period === "monthly" && info.payFee === true,
  };
}

/** Changing the amount or period, or starting a contribution with a payment method. */
export function ChangeContributionCard({ info }: { info: ContributionInfo }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hasMethod = hasPaymentMethod(info);
  const [choice, setChoice] = useState(() => initialChoice(info));
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>(
    (info.paymentSource?.method ?? offeredPaymentMethods[0]) || "s_card",
  );
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [needsStripe, setNeedsStripe] = useState(false);
  const [isPending, setIsPending] = useState(false);
  // An active annual member may not switch to monthly.
  const periods =
    info.period === "annually" && info.membershipStatus === "active" && hasMethod ? (["annually"] as const) : undefined;
  const problem = submitted ? amountProblem(choice) : null;

  const submit = async () => {
    setSubmitted(true);
    setNeedsStripe(false);
    const amount = parseAmount(choice.amount);
    if (amountProblem(choice) || amount === undefined) return;
    setError(null);
    setIsPending(true);
    try {
      if (hasMethod) {
        const updated = await updateContribution({ ...choice, amount });
        queryClient.setQueryData(contributionKeys.me, updated);
        notifications.addToast({ variant: "success", title: t("contribution.change.done") });
      } else if (followProviderStep(await startContribution({ ...choice, amount }, paymentMethod)) === "needs-stripe") {
        setNeedsStripe(true);
      }
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
      <h2 className="text-lg font-bold">
        {t(hasMethod ? "contribution.change.title" : "contribution.change.startTitle")}
      </h2>
      {info.hasPendingPayment && <Alert variant="info">{t("contribution.change.pending")}</Alert>}
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <ContributionFields
          value={choice}
          onChange={setChoice}
          paymentMethod={paymentMethod}
          problem={problem}
          {...(periods && { periods })}
        />
        {!hasMethod && <PaymentMethodChoice value={paymentMethod} onChange={setPaymentMethod} />}
        {needsStripe && (
          <Alert variant="warning" title={t("contribution.cardUnavailable.title")}>
            {t("contribution.cardUnavailable.description")}
          </Alert>
        )}
        <FormError message={error} />
        <Button type="submit" isLoading={isPending}>
          {t(hasMethod ? "contribution.change.submit" : "contribution.change.startSubmit")}
        </Button>
      </form>
    </Card>
  );
}
