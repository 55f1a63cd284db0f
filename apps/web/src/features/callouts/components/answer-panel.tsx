import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ArrowRight, LogIn } from "lucide-react";
import type { Callout } from "@cohort/common/callouts";
import { useSession } from "../../../api/session";
import { Card } from "../../../ui/card";
import { cx } from "../../../ui/class-names";
import { answerState } from "../hooks/answer-state";
import { MyResponse } from "./my-response";

const buttonLinkClass = cx(
  "focus-ring inline-flex h-12 items-center justify-center gap-2 rounded-lg px-6 text-base font-semibold shadow-sm",
  "bg-primary text-on-primary hover:bg-primary/90",
);

/** The call to answer, or why the visitor cannot, or their response. */
export function AnswerPanel({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  const user = useSession();
  const { pathname, search } = useLocation();
  const state = answerState(callout, user);
  const respondPath = `respond${search}`;

  switch (state) {
    case "not-open":
      return null;
    case "ended":
    case "answered":
      return user && callout.hasAnswered ? <MyResponse callout={callout} /> : null;
    case "log-in": {
      const next = encodeURIComponent(`${pathname.replace(/\/$/, "")}/respond${search}`);
      return (
        <Card className="space-y-4">
          <p className="text-body/80">{t("callouts.main.membersOnlyLogIn")}</p>
          <Link to={`/auth/login?next=${next}`} className={buttonLinkClass}>
            <LogIn aria-hidden className="size-5" />
            {t("callouts.main.logIn")}
          </Link>
        </Card>
      );
    }
    case "members-only":
      return (
        <Card>
          <p className="text-body/80">{t("callouts.main.membersOnly")}</p>
        </Card>
      );
    case "can-update":
      return (
        <Card className="space-y-4">
          <p className="text-body/80">{t("callouts.main.canUpdate")}</p>
          <Link to={respondPath} className={buttonLinkClass}>
            {t("callouts.main.updateResponse")}
            <ArrowRight aria-hidden className="size-5" />
          </Link>
        </Card>
      );
    case "can-answer":
      return (
        <Card tone="primary" className="space-y-4">
          <p className="text-lg font-semibold">
            {user && callout.hasAnswered ? t("callouts.main.answerAgainIntro") : t("callouts.main.answerIntro")}
          </p>
          <Link
            to={respondPath}
            className="focus-ring inline-flex h-12 items-center justify-center gap-2 rounded-lg bg-white px-6 text-base font-semibold text-primary shadow-sm hover:bg-white/90"
          >
            {user && callout.hasAnswered ? t("callouts.main.answerAgain") : t("callouts.main.answer")}
            <ArrowRight aria-hidden className="size-5" />
          </Link>
        </Card>
      );
  }
}
