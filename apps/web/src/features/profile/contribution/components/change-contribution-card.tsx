import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { defaultJoinContent } from "@cohort/common/content";
import type { ContributionChangeRefusal } from "@cohort/common/contributions";
import type { ContributionInfo, PaymentMethod } from "@cohort/common/payments";
import { contributionPeriods } from "@cohort/common/payments";
import { ClientError, knownErrorCode } from "../../../../api/client-error";
import { contributionKeys, startContribution, updateContribution } from "../../../../api/contribution";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { useJoinContent } from "../../../../api/join-content";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ContributionFields } from "../../../../shared/contribution/contribution-fields";
import { PaymentMethodChoice } from "../../../../shared/contribution/payment-method-choice";
import { StripeSetupStep } from "../../../../shared/contribution/stripe-setup-step";
import type { ContributionChoice } from "../../../../shared/contribution/contribution-choice";
import {
  amountProblem,
  applyFeeRule,
  offeredPeriods,
  parseAmount,
  preferredMethod,
} from "../../../../shared/contribution/contribution-choice";
import { followProviderStep } from "../../../../shared/contribution/provider-step";
import { sourceInUse } from "../payment-source";

/**
 * Whether the contribution runs on a payment method the providers collect
 * from. Cancelling releases the card or mandate at the provider, so after it
 * the member starts a new contribution with a payment method instead.
 */
export function hasPaymentMethod(info: ContributionInfo): boolean {
  return info.type === "Automatic" && !!sourceInUse(info)?.method;
}

/** Members, also those whose cancelled membership runs until it ends, may not go from annual to monthly. */
function isAnnualOnly(info: ContributionInfo): boolean {
  const isActiveMember = info.membershipStatus === "active" || info.membershipStatus === "expiring";
  return info.period === "annually" && isActiveMember;
}

/**
 * The form starts from the contribution as it will be: a raise waiting for the next payment, not the
 * amount it replaces, so that sending the form again (to add the fee, say) cannot quietly undo it.
 */
function initialChoice(info: ContributionInfo): ContributionChoice {
  const amount = info.nextAmount ?? info.amount;
  return {
    amount: amount ? String(amount) : "10",
    period: info.period ?? "monthly",
    payFee: info.period === "monthly" && info.payFee === true,
  };
}

interface ChangeContributionCardProps {
  info: ContributionInfo;
  /** A heading and an introduction other than the contribution page's (the cancel page's offer). */
  title?: string;
  intro?: string;
  /** Called once a change on the stored payment method is saved. */
  onChanged?: () => void;
}

/** Changing the amount or period, or starting a contribution with a payment method. */
export function ChangeContributionCard({ info, title, intro, onChanged }: ChangeContributionCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const hasMethod = hasPaymentMethod(info);
  // The join form's presets, minimum and fee option; the defaults until they are read.
  const settings = useJoinContent().data ?? defaultJoinContent;
  const [choice, setChoice] = useState(() => initialChoice(info));
  const [chosenMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const paymentMethod = chosenMethod ?? preferredMethod(settings.paymentMethods, info.paymentSource?.method);
  // The fee follows the method the money will come from.
  const feeMethod = (hasMethod ? info.paymentSource?.method : paymentMethod) ?? "s_card";
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [stripeSecret, setStripeSecret] = useState<string | null>(null);
  const [isPending, setIsPending] = useState(false);
  const pendingNoteId = useId();
  const pausedNoteId = useId();
  const format = useFormatters();
  // While payments are paused the server refuses changes on the stored method (decision 067).
  const isPaused = hasMethod && !!info.pausedUntil;
  const periods = isAnnualOnly(info)
    ? (["annually"] as const)
    : // The periods the join form offers, and the one chosen now.
      contributionPeriods.filter((period) => offeredPeriods(settings).includes(period) || period === choice.period);
  const problem = submitted ? amountProblem(choice, settings) : null;

  const submit = async () => {
    setSubmitted(true);
    setStripeSecret(null);
    const amount = parseAmount(choice.amount);
    if (amountProblem(choice, settings) || amount === undefined || (!hasMethod && !paymentMethod)) return;
    const change = { ...applyFeeRule(choice, settings), amount };
    setError(null);
    setIsPending(true);
    try {
      if (hasMethod) {
        const updated = await updateContribution(change);
        queryClient.setQueryData(contributionKeys.me, updated);
        notifications.addToast({ variant: "success", title: t("contribution.change.done") });
        onChanged?.();
      } else {
        setStripeSecret(followProviderStep(await startContribution(change, paymentMethod ?? "s_card")));
      }
    } catch (failure) {
      if (
        failure instanceof ClientError &&
        failure.subCode === ("no-payment-method" satisfies ContributionChangeRefusal)
      ) {
        // The page was out of date (cancelled elsewhere): show the form for starting anew.
        notifications.addToast({ variant: "error", title: t("contribution.change.noPaymentMethod") });
        await queryClient.invalidateQueries({ queryKey: contributionKeys.me });
        return;
      }
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
        {title ?? t(hasMethod ? "contribution.change.title" : "contribution.change.startTitle")}
      </h2>
      {intro && <p className="text-body/75">{intro}</p>}
      {info.hasPendingPayment && (
        <Alert variant="info" id={pendingNoteId}>
          {t("contribution.change.pending")}
        </Alert>
      )}
      {isPaused && (
        <Alert variant="info" id={pausedNoteId}>
          {t("contribution.change.paused", { date: format.date(info.pausedUntil ?? "") })}
        </Alert>
      )}
      {!hasMethod && info.cancellationDate && <p className="text-body/75">{t("contribution.change.restartIntro")}</p>}
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {/* While a payment is collected the server refuses every change: nothing here can be pressed. */}
        <fieldset
          disabled={info.hasPendingPayment || isPaused}
          aria-describedby={info.hasPendingPayment ? pendingNoteId : isPaused ? pausedNoteId : undefined}
          className="min-w-0 space-y-5"
        >
          <ContributionFields
            value={choice}
            onChange={setChoice}
            paymentMethod={feeMethod}
            problem={problem}
            settings={settings}
            periods={periods}
          />
          {!hasMethod && paymentMethod && (
            <PaymentMethodChoice value={paymentMethod} onChange={setPaymentMethod} methods={settings.paymentMethods} />
          )}
          {stripeSecret && (
            <StripeSetupStep
              key={stripeSecret}
              clientSecret={stripeSecret}
              flow="contribution"
              onClose={() => setStripeSecret(null)}
            />
          )}
          <FormError message={error} />
          <Button type="submit" isLoading={isPending}>
            {t(hasMethod ? "contribution.change.submit" : "contribution.change.startSubmit")}
          </Button>
        </fieldset>
      </form>
    </Card>
  );
}
