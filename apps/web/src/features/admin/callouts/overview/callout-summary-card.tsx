import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ImageOff } from "lucide-react";
import type { Callout } from "@cohort/common/callouts";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { StatusBadge } from "../components/status-badge";
import { useDateTime } from "../../../../app/i18n/use-date-time";

/** Title, description, picture, state, dates and how many have answered. */
export function CalloutSummaryCard({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const dateTime = useDateTime();
  const starts = callout.starts ? dateTime(callout.starts) : null;
  const expires = callout.expires ? dateTime(callout.expires) : null;

  return (
    <Card className="grid gap-5 md:grid-cols-[16rem_minmax(0,1fr)]">
      <div className="grid aspect-[16/10] place-items-center overflow-hidden rounded-xl bg-body/5">
        {callout.image ? (
          <img src={callout.image} alt="" className="size-full object-cover" />
        ) : (
          <ImageOff aria-label={t("adminCallouts.overview.noImage")} className="size-8 text-body/40" />
        )}
      </div>
      <div className="min-w-0 space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          <StatusBadge status={callout.status} />
          {callout.hidden && <span className="text-sm text-body/70">{t("adminCallouts.overview.hidden")}</span>}
        </div>
        <p className="text-body/80">{callout.excerpt || t("adminCallouts.overview.noExcerpt")}</p>
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-semibold">{t("adminCallouts.overview.starts")}</dt>
            <dd className="text-body/75">{starts ?? t("adminCallouts.overview.notPublished")}</dd>
          </div>
          <div>
            <dt className="font-semibold">{t("adminCallouts.overview.expires")}</dt>
            <dd className="text-body/75">{expires ?? t("adminCallouts.overview.noEnd")}</dd>
          </div>
          {callout.responseCount !== undefined && (
            <div>
              <dt className="font-semibold">{t("adminCallouts.overview.responses")}</dt>
              <dd className="tabular-nums">
                <Link
                  to={`/admin/callouts/view/${callout.id}/responses`}
                  className={linkClass}
                  aria-label={t("adminResponses.seeAll", { number: format.number(callout.responseCount) })}
                >
                  {format.number(callout.responseCount)}
                </Link>
              </dd>
            </div>
          )}
        </dl>
      </div>
    </Card>
  );
}
