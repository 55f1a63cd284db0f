import type { ReactNode } from "react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { hasRole } from "@cohort/common/contacts";
import { calloutVariant } from "../../../api/callouts";
import { useSession } from "../../../api/session";
import { Alert } from "../../../ui/alert";
import { Card } from "../../../ui/card";
import { linkClass } from "../../../ui/class-names";
import { RespondForm } from "../components/respond-form";
import { UpdateResponse } from "../components/update-response";
import { CalloutFormRenderer } from "../form";
import { draftKey } from "../hooks/answer-draft";
import { answerState } from "../hooks/answer-state";
import { linkAnswers } from "../hooks/link-answers";
import { useCalloutLang } from "../hooks/use-callout-lang";
import { useRouteCallout } from "../hooks/use-route-callout";
import { Skeleton } from "../../../ui/skeleton";

// A callout that is closed, or that the visitor may not answer, rarely brings anyone to its form:
// those notices load when needed, keeping the form's first download small (decision 008).
const StatusNotice = lazy(() =>
  import("../components/status-notice").then((module) => ({ default: module.StatusNotice })),
);
const AnswerPanel = lazy(() =>
  import("../components/answer-panel").then((module) => ({ default: module.AnswerPanel })),
);

/** `/callouts/:id/respond`: the form, slide by slide. */
export function CalloutRespondPage() {
  const { t, i18n } = useTranslation();
  const callout = useRouteCallout();
  const lang = useCalloutLang(callout);
  const user = useSession();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const form = callout.formSchema;
  const state = answerState(callout, user);
  const isPreview = params.has("preview") && hasRole(user?.activeRoles ?? [], "admin");
  const withForm = form && { ...callout, formSchema: form };

  let body: ReactNode;
  if (!withForm) {
    body = <Alert variant="error">{t("errors.generic")}</Alert>;
  } else if (isPreview) {
    body = <CalloutFormRenderer form={withForm.formSchema} textLang={lang} preview />;
  } else if (state === "not-open" || state === "ended") {
    body = (
      <Suspense fallback={<Skeleton className="h-16 w-full" />}>
        <StatusNotice callout={callout} />
      </Suspense>
    );
  } else if (state === "log-in" || state === "members-only") {
    body = (
      <Suspense fallback={<Skeleton className="h-16 w-full" />}>
        <AnswerPanel callout={callout} />
      </Suspense>
    );
  } else if (state === "answered") {
    body = <Alert variant="info">{t("callouts.respond.alreadyAnswered")}</Alert>;
  } else if (state === "can-update") {
    body = <UpdateResponse callout={withForm} />;
  } else {
    const answers = linkAnswers(withForm.formSchema, params);
    // A draft kept in this tab comes back after a reload (decision 048), but never over answers the link gives.
    const draft = answers ? undefined : draftKey(callout.slug, calloutVariant(callout, i18n.language));
    body = <RespondForm callout={withForm} answers={answers} draftKey={draft} countsVisit />;
  }

  return (
    <div className="space-y-6">
      <header className="space-y-3">
        <Link to={`..${search}`} relative="path" className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}>
          <ArrowLeft aria-hidden className="size-4" />
          {t("callouts.respond.backToCallout")}
        </Link>
        {/* The update heading is the page's sentence around the title: only the title alone takes the callout's language. */}
        <h1 lang={state === "can-update" ? undefined : lang} className="text-2xl font-bold tracking-tight sm:text-3xl">
          {state === "can-update" ? t("callouts.respond.updateTitle", { title: callout.title }) : callout.title}
        </h1>
      </header>
      <Card padding="lg">{body}</Card>
    </div>
  );
}

// The map page's side panels take the form and the read-only answers from this page, so that the two
// pages share its files instead of splitting them into more, smaller ones (decision 036).
export { RespondForm };
export { ReadOnlyForm } from "../form/read-only-form";
