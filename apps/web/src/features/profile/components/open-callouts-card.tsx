import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Callout } from "@cohort/common/callouts";
import { publicCalloutListQueryOptions } from "../../../api/callouts";
import { Card } from "../../../ui/card";
import { linkClass } from "../../../ui/class-names";

/** How many open callouts the home lists; the callouts page has them all. */
const SHOWN = 5;

/** Whether the member can still answer: not yet, or again, or change what they sent. */
const mayAnswer = (callout: Callout) => !callout.hasAnswered || callout.allowMultiple || callout.allowUpdate;

/** The callouts open now that the member may answer, each a link to it; nothing while there are none. */
export function OpenCalloutsCard() {
  const { t } = useTranslation();
  const page = useQuery(publicCalloutListQueryOptions(0)).data;
  const callouts = page?.items.filter(mayAnswer).slice(0, SHOWN) ?? [];
  if (callouts.length === 0) return null;

  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t("profile.callouts.title")}</h2>
        <p className="text-body/75">{t("profile.callouts.description")}</p>
      </div>
      <ul className="divide-y divide-black/5">
        {callouts.map((callout) => (
          <li key={callout.id} className="space-y-1 py-3">
            <Link to={`/callouts/${encodeURIComponent(callout.slug)}`} className={`${linkClass} font-semibold`}>
              {callout.title}
            </Link>
            {callout.excerpt && <p className="text-sm text-body/75">{callout.excerpt}</p>}
            {callout.hasAnswered && <p className="text-sm text-body/60">{t("profile.callouts.answered")}</p>}
          </li>
        ))}
      </ul>
      <Link to="/callouts" className={`${linkClass} inline-block text-sm`}>
        {t("profile.callouts.all")}
      </Link>
    </Card>
  );
}
