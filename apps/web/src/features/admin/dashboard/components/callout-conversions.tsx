import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ConversionGrouping, ConversionStats, StatsQuery } from "@cohort/common/stats";
import { CONVERSION_WINDOW_DAYS, conversionGroupings } from "@cohort/common/stats";
import { conversionsQueryOptions } from "../../../../api/stats";
import { Alert } from "../../../../ui/alert";
import { linkClass } from "../../../../ui/class-names";
import { SelectField } from "../../../../ui/select-field";
import { Skeleton } from "../../../../ui/skeleton";
import { FigureTable, type FigureRow } from "./figure-table";

function useRows(data: ConversionStats): FigureRow[] {
  const { t } = useTranslation();
  if (data.by === "callout") {
    return data.items.map((item) => ({
      key: item.calloutId,
      name: (
        <Link to={`/admin/callouts/view/${item.calloutId}/responses`} className={linkClass}>
          {item.calloutTitle || item.calloutSlug}
        </Link>
      ),
      first: item.answers,
      second: item.members,
    }));
  }
  return data.items.map((item) => ({
    key: item.source ?? "",
    name: item.source ?? <span className="text-body/70">{t("admin.dashboard.conversions.noSource")}</span>,
    first: item.answers,
    second: item.members,
  }));
}

function ConversionTable({ data, isFetching }: { data: ConversionStats; isFetching: boolean }) {
  const { t } = useTranslation();
  const rows = useRows(data);
  return (
    <FigureTable
      headers={{
        name: t(`admin.dashboard.conversions.column.${data.by}`),
        first: t("admin.dashboard.conversions.answers"),
        second: t("admin.dashboard.conversions.members", { days: data.windowDays }),
      }}
      rows={rows}
      isBusy={isFetching}
    />
  );
}

/**
 * Per callout, or per the `utm_source` of the answers: the answers given over the
 * dashboard's period and the members who joined within 30 days of answering (decision 074).
 */
export function CalloutConversions({ range }: { range: StatsQuery }) {
  const { t } = useTranslation();
  const [by, setBy] = useState<ConversionGrouping>("callout");
  const conversions = useQuery(conversionsQueryOptions(range, by));

  return (
    <section className="space-y-3" aria-labelledby="callout-conversions-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="space-y-1">
          <h3 id="callout-conversions-title" className="font-bold">
            {t("admin.dashboard.conversions.title")}
          </h3>
          <p className="text-sm text-body/70">
            {t("admin.dashboard.conversions.intro", { days: CONVERSION_WINDOW_DAYS })}
          </p>
        </div>
        <SelectField
          label={t("admin.dashboard.conversions.by")}
          className="w-full sm:w-72"
          value={by}
          onChange={(event) => setBy(event.target.value as ConversionGrouping)}
        >
          {conversionGroupings.map((option) => (
            <option key={option} value={option}>
              {t(`admin.dashboard.conversions.groupings.${option}`)}
            </option>
          ))}
        </SelectField>
      </div>
      {conversions.isError ? (
        <Alert variant="error">{t("errors.generic")}</Alert>
      ) : !conversions.data ? (
        <Skeleton className="h-16" />
      ) : conversions.data.items.length === 0 ? (
        <p className="text-body/70">{t("admin.dashboard.conversions.none")}</p>
      ) : (
        <ConversionTable data={conversions.data} isFetching={conversions.isFetching} />
      )}
    </section>
  );
}
