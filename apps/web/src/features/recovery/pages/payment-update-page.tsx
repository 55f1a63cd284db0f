import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { defaultJoinContent } from "@cohort/common/content";
import type { PaymentMethod } from "@cohort/common/payments";
import { isOpenEpisode } from "@cohort/common/recovery";
import { knownErrorCode } from "../../../api/client-error";
import type { ErrorMessageKey } from "../../../api/error-messages";
import { messageForError } from "../../../api/error-messages";
import { useJoinContent } from "../../../api/join-content";
import { paymentUpdatePaths, startLinkUpdate, updateLinkQueryOptions } from "../../../api/recovery";
import { appUrl } from "../../../api/contribution";
import { FormError } from "../../../app/forms/form-error";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { preferredMethod } from "../../../shared/contribution/contribution-choice";
import { PaymentMethodChoice } from "../../../shared/contribution/payment-method-choice";
import { followProviderStep } from "../../../shared/contribution/provider-step";
import { StripeSetupStep } from "../../../shared/contribution/stripe-setup-step";
import { EpisodeSummary } from "../components/episode-summary";

/**
 * The page of the link a failed renewal's emails carry: it says what
 * happened and sets up a new payment method without logging in. The link's
 * id is its only key, so the page shows no more than the first name.
 */
export function PaymentUpdatePage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const link = useQuery(updateLinkQueryOptions(id));
  const offered = (useJoinContent().data ?? defaultJoinContent).paymentMethods;
  const [chosen, setChosen] = useState<PaymentMethod | null>(null);
  const paymentMethod = chosen ?? preferredMethod(offered, link.data?.paymentMethod ?? undefined);
  const [stripeSecret, setStripeSecret] = useState<string | null>(null);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isPending, setIsPending] = useState(false);

  if (link.isPending) {
    return (
      <div role="status" className="flex flex-col items-center gap-3">
        <Spinner className="size-8" />
        <p className="text-body/75">{t("recovery.page.loading")}</p>
      </div>
    );
  }
  if (link.isError) {
    const isGone = knownErrorCode(link.error) === "not-found" || knownErrorCode(link.error) === "invalid-request";
    return (
      <Alert variant="error" title={t("recovery.page.unavailableTitle")}>
        {isGone ? t("recovery.page.unavailable") : t(messageForError(link.error))}
      </Alert>
    );
  }
  const { episode, firstname } = link.data;

  const submit = async () => {
    if (!paymentMethod) return;
    setError(null);
    setStripeSecret(null);
    setIsPending(true);
    try {
      setStripeSecret(followProviderStep(await startLinkUpdate(id, paymentMethod)));
    } catch (failure) {
      setError(messageForError(failure));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("recovery.page.title")}</h1>
        <p className="text-body/75">{t("recovery.page.greeting", { name: firstname })}</p>
      </header>
      {episode.status === "recovered" ? (
        <Alert variant="success" title={t("recovery.page.recoveredTitle")}>
          {t("recovery.page.recovered")}
        </Alert>
      ) : episode.status === "lapsed" ? (
        <Alert variant="info" title={t("recovery.page.lapsedTitle")}>
          {t("recovery.page.lapsed")}
        </Alert>
      ) : (
        <Alert variant="warning" title={t("recovery.page.failedTitle")}>
          <EpisodeSummary episode={episode} />
        </Alert>
      )}
      {isOpenEpisode(episode.status) && (
        <form
          noValidate
          className="space-y-5"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <p className="text-body/75">{t("recovery.page.intro")}</p>
          {paymentMethod && <PaymentMethodChoice value={paymentMethod} onChange={setChosen} methods={offered} />}
          {stripeSecret && (
            <StripeSetupStep
              key={stripeSecret}
              clientSecret={stripeSecret}
              flow="payment-method"
              returnUrl={appUrl(paymentUpdatePaths.complete(id))}
              onClose={() => setStripeSecret(null)}
            />
          )}
          <FormError message={error} />
          <Button type="submit" isLoading={isPending} disabled={!paymentMethod}>
            {t("recovery.page.submit")}
          </Button>
        </form>
      )}
    </div>
  );
}
