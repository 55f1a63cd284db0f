import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import type { ContributionBand } from "@cohort/common/stats";
import { contributionBandsQueryOptions } from "../../../../api/stats";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { Skeleton } from "../../../../ui/skeleton";
import { cellClass, headerCellClass, Table } from "../../../../ui/table";
import { BringPeopleIn } from "./next-steps";

const BandChart = lazy(() => import("./band-chart"));

/** Today's members by the monthly equivalent of their recurring contribution, from `/stats/bands`. */
export function ContributionBands() {
  const { t } = useTranslation();
  const format = useFormatters();
  const bands = useQuery(contributionBandsQueryOptions());

  const bandLabel = (band: ContributionBand) =>
    band.below === null
      ? t("admin.dashboard.bands.atLeast", { from: format.currency(band.from) })
      : band.from === 0
        ? t("admin.dashboard.bands.under", { below: format.currency(band.below) })
        : t("admin.dashboard.bands.between", { from: format.currency(band.from), below: format.currency(band.below) });
  const rows = bands.data
    ? [
        ...bands.data.bands.map((band) => ({ label: bandLabel(band), members: band.members })),
        { label: t("admin.dashboard.bands.withoutRecurring"), members: bands.data.withoutRecurring },
      ]
    : [];
  const total = rows.reduce((sum, row) => sum + row.members, 0);

  return (
    <Card className="min-w-0 space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t("admin.dashboard.bands.title")}</h2>
        <p className="text-sm text-body/70">{t("admin.dashboard.bands.intro")}</p>
      </div>
      {bands.isError ? (
        <Alert variant="error">{t("errors.generic")}</Alert>
      ) : !bands.data ? (
        <Skeleton className="h-56" />
      ) : total === 0 ? (
        <BringPeopleIn lead={t("admin.dashboard.bands.empty")} testId="bands-empty" />
      ) : (
        <>
          <Suspense fallback={<Skeleton className="h-56" />}>
            <BandChart rows={rows} />
          </Suspense>
          <Table caption={t("admin.dashboard.bands.title")}>
            <thead>
              <tr>
                <th scope="col" className={headerCellClass}>
                  {t("admin.dashboard.bands.band")}
                </th>
                <th scope="col" className={`${headerCellClass} text-right`}>
                  {t("admin.dashboard.bands.members")}
                </th>
              </tr>
            </thead>
            <tbody data-testid="bands-table">
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className={`${cellClass} font-semibold`}>
                    {row.label}
                  </th>
                  <td className={`${cellClass} text-right tabular-nums`}>{format.number(row.members)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </Card>
  );
}
