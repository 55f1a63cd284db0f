import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type { Callout } from "@cohort/common/callouts";
import { calloutKeys, submitCalloutResponse } from "../../../api/callouts";
import { newIdempotencyKey } from "../../../api/idempotent-send";
import { useSession } from "../../../api/session";
import { useLinkAttribution } from "../../../shared/attribution/use-link-attribution";
import { Alert } from "../../../ui/alert";
import { linkClass } from "../../../ui/class-names";
import { CalloutFormRenderer } from "../form";
import { submitErrorKey } from "../hooks/submit-error";
import { useAnswerDraft } from "../hooks/use-answer-draft";
import { useCalloutLang } from "../hooks/use-callout-lang";
import { useCaptcha } from "../hooks/use-captcha";
import { useFunnelReport } from "../hooks/use-funnel-report";
import type { SentResponse } from "./guest-confirmation-note";
import { GuestFields } from "./guest-fields";
import type { GuestValues } from "./guest-rule";
import { emptyGuest, guestRule } from "./guest-rule";
import type { NewsletterChoice } from "./newsletter-opt-in";
import { initialNewsletterChoice, NewsletterOptIn } from "./newsletter-opt-in";

// Only callouts that ask for the spam check show its status: its code loads with them (decision 008).
const CaptchaStatus = lazy(() => import("./captcha-status").then((module) => ({ default: module.CaptchaStatus })));

interface RespondFormProps {
  callout: Callout & { formSchema: NonNullable<Callout["formSchema"]> };
  answers?: CalloutAnswers | undefined;
  /** Where a draft of the answers is kept in this tab, to offer them back after a reload; none keeps no draft. */
  draftKey?: string | undefined;
  /** Called once the response is saved, instead of going to the thank-you page (the map's side panel). */
  onSent?: ((sent: SentResponse) => void) | undefined;
  /** Counts how far this visit gets in the callout's funnel (decision 073): the respond page's new responses. */
  countsVisit?: boolean | undefined;
}

/** The form with what the last slide adds: contact details, newsletter, spam check; then the thanks. */
export function RespondForm({ callout, answers, draftKey, onSent, countsVisit = false }: RespondFormProps) {
  const { t } = useTranslation();
  const user = useSession();
  const navigate = useNavigate();
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const [guestValues, setGuestValues] = useState<GuestValues>(emptyGuest);
  const [shownGuestErrors, setShownGuestErrors] = useState<ReadonlySet<keyof GuestValues>>(new Set());
  const newsletterSchema = callout.access !== "only-anonymous" ? callout.newsletterSchema : null;
  const [newsletter, setNewsletter] = useState<NewsletterChoice | null>(() =>
    newsletterSchema ? initialNewsletterChoice(newsletterSchema) : null,
  );
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const isCaptchaRequired = callout.captcha === "all" || (callout.captcha === "guest" && !user);
  const captcha = useCaptcha(isCaptchaRequired);
  const draft = useAnswerDraft(draftKey, callout.formSchema);
  const reportProgress = useFunnelReport(countsVisit ? callout.slug : undefined, callout.formSchema);
  const textLang = useCalloutLang(callout);
  const attribution = useLinkAttribution();
  // Starting over renders the form afresh and puts the person in its first field.
  const [formRun, setFormRun] = useState(0);
  const containerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formRun > 0) containerRef.current?.querySelector<HTMLElement>("input, select, textarea")?.focus();
  }, [formRun]);

  const guest = guestRule({
    access: callout.access,
    isLoggedIn: Boolean(user),
    isOptedIn: newsletter?.optIn ?? false,
    values: guestValues,
  });

  const canSubmit = () => {
    if (Object.keys(guest.errors).length === 0) return true;
    setShownGuestErrors(new Set(["firstname", "lastname", "email"]));
    return false;
  };

  const handleSubmit = async (formAnswers: CalloutAnswers) => {
    setSubmitError(null);
    setIsSubmitting(true);
    try {
      await submitCalloutResponse(callout.slug, {
        // A fresh key for each press of the button; the automatic retries of this one reuse it.
        idempotencyKey: newIdempotencyKey(),
        answers: formAnswers,
        ...(guest.guest && { guest: guest.guest }),
        ...(newsletter && { newsletter }),
        ...(attribution && { attribution }),
        ...(isCaptchaRequired && { captchaToken: await captcha.takeToken() }),
      });
      draft.clear();
      await queryClient.invalidateQueries({ queryKey: calloutKeys.all });
      // A guest's response waits for the link the server has just emailed them; the address stays out of the URL.
      const sent: SentResponse = guest.guest ? { confirmationEmail: guest.guest.email } : {};
      if (onSent) onSent(sent);
      else if (callout.thanksRedirect) window.location.assign(callout.thanksRedirect);
      else await navigate(`../thanks${search}`, { relative: "path", state: sent });
    } catch (error) {
      setSubmitError(t(submitErrorKey(error)));
      if (isCaptchaRequired) captcha.prepare();
    } finally {
      setIsSubmitting(false);
    }
  };

  const finalStep = (
    <div className="space-y-6">
      {guest.isShown && (
        <GuestFields
          rule={guest}
          values={guestValues}
          onChange={setGuestValues}
          shownErrors={shownGuestErrors}
          onTouch={(field) => setShownGuestErrors((current) => new Set([...current, field]))}
        />
      )}
      {newsletterSchema && newsletter && (
        <NewsletterOptIn schema={newsletterSchema} choice={newsletter} onChange={setNewsletter} />
      )}
      {isCaptchaRequired && (
        <Suspense fallback={null}>
          <CaptchaStatus status={captcha.status} onRetry={captcha.prepare} />
        </Suspense>
      )}
    </div>
  );

  const handleStartOver = () => {
    draft.startOver();
    setFormRun((run) => run + 1);
  };

  return (
    <div ref={containerRef} className="space-y-6">
      {draft.restored && (
        <Alert variant="info">
          {t("callouts.respond.draftRestored")}{" "}
          <button type="button" className={linkClass} onClick={handleStartOver}>
            {t("callouts.respond.startOver")}
          </button>
        </Alert>
      )}
      <CalloutFormRenderer
        key={formRun}
        form={callout.formSchema}
        textLang={textLang}
        answers={draft.restored?.answers ?? answers}
        startPath={draft.restored?.path}
        onProgress={(progress) => {
          reportProgress(progress);
          if (draftKey) draft.save(progress);
        }}
        onSubmit={handleSubmit}
        finalStep={finalStep}
        canSubmit={canSubmit}
        isSubmitting={isSubmitting}
        submitError={submitError && <Alert variant="error">{submitError}</Alert>}
      />
    </div>
  );
}
