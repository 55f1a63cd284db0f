import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useJoinContent } from "../../api/join-content";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { cx } from "../../ui/class-names";
import { Dialog } from "../../ui/dialog";
import { Spinner } from "../../ui/spinner";
import type { MountedPaymentForm, StripeSetupFlow } from "./stripe-payment-form";
import { mountPaymentForm, stripeReturnUrl } from "./stripe-payment-form";

interface StripeSetupStepProps {
  /** The SetupIntent's client secret the server answered with. */
  clientSecret: string;
  /** Decides the return address, the same `completeUrl` the page sent. */
  flow: StripeSetupFlow;
  /** Back to the page's form; the person's choices there are kept. */
  onClose: () => void;
  /** Where Stripe sends the browser back to, when not the flow's own complete page. */
  returnUrl?: string;
}

type Phase = { kind: "loading" } | { kind: "ready" } | { kind: "failed"; message: string | null };

/**
 * Stripe's payment form for a card, SEPA, BACS, PayPal or iDEAL setup, in a
 * dialog over the page. Confirming sends the browser to Stripe's checks and
 * then back to the flow's complete page with `?setup_intent=…`.
 */
export function StripeSetupStep({ clientSecret, flow, onClose, returnUrl }: StripeSetupStepProps) {
  const { t, i18n } = useTranslation();
  const joinContent = useJoinContent();
  const publishableKey = joinContent.data?.stripePublicKey ?? "";
  const hasNoKey = joinContent.isError || (joinContent.isSuccess && !publishableKey);
  const containerRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<MountedPaymentForm | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const language = i18n.language;

  useEffect(() => {
    const container = containerRef.current;
    if (!publishableKey || !container) return;
    let isCurrent = true;
    let mounted: MountedPaymentForm | null = null;
    mountPaymentForm({
      publishableKey,
      clientSecret,
      container,
      returnUrl: returnUrl ?? stripeReturnUrl(flow),
      isPayment: flow === "gift",
      locale: language,
      onReady: () => {
        if (isCurrent) setPhase({ kind: "ready" });
      },
      onLoadError: (message) => {
        if (isCurrent) setPhase({ kind: "failed", message });
      },
    }).then(
      (form) => {
        if (!isCurrent) return form.destroy();
        mounted = form;
        formRef.current = form;
      },
      () => {
        if (isCurrent) setPhase({ kind: "failed", message: null });
      },
    );
    return () => {
      isCurrent = false;
      mounted?.destroy();
      formRef.current = null;
    };
  }, [publishableKey, clientSecret, flow, returnUrl, language, attempt]);

  const handleRetry = () => {
    setPhase({ kind: "loading" });
    setAttempt((count) => count + 1);
  };

  const handleConfirm = async () => {
    const form = formRef.current;
    if (!form) return;
    setConfirmError(null);
    setIsConfirming(true);
    try {
      // Only a failure comes back: on success Stripe sends the browser to the return address.
      const { message } = await form.confirm();
      setConfirmError(message ?? t("join.stripe.confirmFailed"));
    } catch {
      setConfirmError(t("join.stripe.confirmFailed"));
    }
    setIsConfirming(false);
  };

  const failed = hasNoKey ? { message: null } : phase.kind === "failed" ? phase : null;
  const isLoading = !failed && phase.kind === "loading";

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={t("join.stripe.title")}
      description={t("join.stripe.intro")}
      closeLabel={t("common.close")}
      initialFocusRef={bodyRef}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t("join.stripe.back")}
          </Button>
          {hasNoKey ? null : failed ? (
            <Button onClick={handleRetry}>{t("join.stripe.retry")}</Button>
          ) : (
            <Button isLoading={isConfirming} disabled={phase.kind !== "ready"} onClick={() => void handleConfirm()}>
              {t("join.stripe.submit")}
            </Button>
          )}
        </>
      }
    >
      <div ref={bodyRef} tabIndex={-1} className="space-y-4 outline-none">
        {isLoading && (
          <p className="flex items-center gap-3 text-sm text-body/75">
            <Spinner className="text-primary" />
            <span role="status">{t("join.stripe.loading")}</span>
          </p>
        )}
        {failed && (
          <Alert variant="error" title={t(hasNoKey ? "join.stripe.noKeyTitle" : "join.stripe.unavailableTitle")}>
            {hasNoKey ? t("join.stripe.noKey") : (failed.message ?? t("join.stripe.unavailable"))}
          </Alert>
        )}
        <div ref={containerRef} data-testid="stripe-payment-element" className={cx("min-h-12", failed && "hidden")} />
        {confirmError && <Alert variant="error">{confirmError}</Alert>}
        {!failed && <p className="text-xs text-body/70">{t("join.stripe.secure")}</p>}
      </div>
    </Dialog>
  );
}
