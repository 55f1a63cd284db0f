import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Receipt } from "lucide-react";
import type { PaymentSortField } from "@cohort/common/payments";
import { paymentListQueryOptions, paymentsCsvUrl, paymentTotalsQueryOptions } from "../../../../api/admin-payments";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { PaymentFilters } from "../components/payment-filters";
import { PaymentsTable } from "../components/payments-table";
import { CsvDownloadButton } from "../../shared/csv-download-button";
import { ListScreen } from "../../shared/list-screen/list-screen";
import { useUrlListState } from "../../shared/url-list-state";
import { paymentListRequest, paymentPageSizes, paymentList } from "../hooks/payment-list-state";

/** Every payment of the organisation, filtered by status, kind and charge date. */
export function PaymentsPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { state, update } = useUrlListState(paymentList);
  const request = paymentListRequest(state);
  const list = useQuery(paymentListQueryOptions(request));
  const totals = useQuery(paymentTotalsQueryOptions(request.rules)).data;

  const handleSort = (field: PaymentSortField) =>
    update({ sort: field, order: state.sort === field && state.order === "DESC" ? "ASC" : "DESC" });

  const figures = totals && [
    { key: "collected", value: format.currency(totals.byStatus.successful.amount) },
    { key: "pending", value: format.currency(totals.byStatus.pending.amount) },
    { key: "failed", value: format.number(totals.byStatus.failed.count) },
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t("adminPayments.title")}</h1>
        <CsvDownloadButton
          href={paymentsCsvUrl(request)}
          expectedRows={list.data?.total}
          label={t("adminPayments.export.button")}
          accessibleLabel={t("adminPayments.export.label")}
          fallbackName="payments.csv"
        />
      </div>
      <ListScreen
        query={list}
        frame="page"
        toolbar={
          <PaymentFilters
            status={state.status}
            kind={state.kind}
            from={state.from}
            to={state.to}
            onChange={(filters) => update(filters)}
          />
        }
        loading={
          <div className="space-y-3">
            <Skeleton className="h-5 w-64" />
            <Skeleton className="h-40 w-full" />
          </div>
        }
        empty={{
          isBare: true,
          none: (
            <EmptyState
              icon={Receipt}
              title={t("adminPayments.empty.title")}
              description={t("adminPayments.empty.description")}
            />
          ),
        }}
        aboveRows={({ total = 0 }) => (
          <dl className="flex flex-wrap gap-x-8 gap-y-2 text-sm">
            <div>
              <dt className="text-body/70">{t("adminPayments.totals.count")}</dt>
              <dd className="text-lg font-semibold tabular-nums">{format.number(total)}</dd>
            </div>
            {figures?.map((figure) => (
              <div key={figure.key}>
                <dt className="text-body/70">{t(`adminPayments.totals.${figure.key}`)}</dt>
                <dd className="text-lg font-semibold tabular-nums">{figure.value}</dd>
              </div>
            ))}
          </dl>
        )}
        pagination={{
          rangeFollowsRows: true,
          keys: "adminPayments.pagination",
          page: state.page,
          pageSize: state.size,
          pageSizes: paymentPageSizes,
          onPageChange: (page) => update({ page }),
          onPageSizeChange: (size) => update({ size }),
        }}
      >
        {(payments, table) => (
          <PaymentsTable
            payments={payments}
            sort={state.sort}
            order={state.order}
            isBusy={table.isBusy}
            onSort={handleSort}
          />
        )}
      </ListScreen>
    </div>
  );
}
