import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { publicCalloutQueryOptions } from "../../../api/callouts";
import { useJoinSetupContent } from "../../../api/join-content";
import { sessionQueryOptions } from "../../../api/session";
import { linkButtonClass } from "../../../ui/link-button-class";
import { StoredText } from "../../../ui/rich-text";
import { answerState } from "../../callouts";
import { JoinContentStatus } from "../components/join-content-status";
import { SurveyForm } from "../components/survey-form";

const profilePath = "/profile";

/** Moves on to the profile; a lighter stand-in for the router's `Navigate`, which public pages would all load. */
function MoveOnToProfile() {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate(profilePath, { replace: true });
  }, [navigate]);
  return null;
}

/**
 * `/join/survey`: the callout new members are asked to answer after setting
 * up their account. Without one that can be answered, it moves straight on.
 */
export function JoinSurveyPage() {
  const { t, i18n } = useTranslation();
  const session = useQuery(sessionQueryOptions);
  const setup = useJoinSetupContent();
  const slug = setup.data?.surveySlug ?? "";
  const calloutQuery = useQuery({ ...publicCalloutQueryOptions(slug, i18n.language), enabled: slug !== "" });

  if (!setup.data) return <JoinContentStatus isError={setup.isError} onRetry={() => void setup.refetch()} />;
  if (!slug || calloutQuery.isError) return <MoveOnToProfile />;
  if (!calloutQuery.data || session.isPending) return <JoinContentStatus isError={false} onRetry={() => undefined} />;

  const callout = calloutQuery.data;
  const form = callout.formSchema;
  if (!form || callout.hasAnswered || answerState(callout, session.data ?? null) !== "can-answer") {
    return <MoveOnToProfile />;
  }

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("join.survey.title")}</h1>
        <StoredText text={setup.data.surveyText} fallback={t("join.survey.text")} className="text-body/75" />
      </header>
      <section aria-labelledby="join-survey-callout" className="space-y-4">
        <h2 id="join-survey-callout" className="text-lg font-bold">
          {callout.title}
        </h2>
        <SurveyForm callout={{ ...callout, formSchema: form }} />
      </section>
      {!setup.data.surveyRequired && (
        <p className="text-center">
          <Link to={profilePath} replace className={linkButtonClass("secondary")}>
            {t("join.survey.skip")}
          </Link>
        </p>
      )}
    </div>
  );
}
