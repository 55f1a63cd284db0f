import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Payment, PaymentSortField } from "@cohort/common/payments";
import { displayName } from "@cohort/common/contacts";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { linkClass } from "../../../../ui/class-names";
import type { SortDirection } from "../../../../ui/table";
import { cellClass, headerCellClass, SortableHeader, Table } from "../../../../ui/table";
import { PaymentStatusBadge } from "../../../../shared/contribution/payment-status-badge";

interface PaymentsTableProps {
  payments: readonly Payment[];
  sort: PaymentSortField;
  order: "ASC" | "DESC";
  isBusy: boolean;
  onSort: (field: PaymentSortField) => void;
}

/** Payments with their date, payer, amount and status. */
export function PaymentsTable({ payments, sort, order, isBusy, onSort }: PaymentsTableProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const direction = (field: PaymentSortField): SortDirection | undefined =>
    sort === field ? (order === "ASC" ? "ascending" : "descending") : undefined;

  return (
    <Table caption={t("adminPayments.table.caption")} isBusy={isBusy}>
      <thead>
        <tr>
          <SortableHeader
            label={t("adminPayments.table.date")}
            direction={direction("chargeDate")}
            onSort={() => onSort("chargeDate")}
          />
          <th scope="col" className={headerCellClass}>
            {t("adminPayments.table.contact")}
          </th>
          <SortableHeader
            label={t("adminPayments.table.amount")}
            direction={direction("amount")}
            onSort={() => onSort("amount")}
            className="text-right"
          />
          <th scope="col" className={headerCellClass}>
            {t("adminPayments.table.kind")}
          </th>
          <th scope="col" className={headerCellClass}>
            {t("adminPayments.table.status")}
          </th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id}>
            <td className={`${cellClass} whitespace-nowrap`}>{format.shortDate(payment.chargeDate)}</td>
            <td className={cellClass}>
              {payment.contact ? (
                <Link to={`/admin/contacts/${payment.contact.id}`} className={linkClass}>
                  {displayName(payment.contact)}
                </Link>
              ) : (
                <span className="text-body/70">{t("adminPayments.table.deletedContact")}</span>
              )}
            </td>
            <td className={`${cellClass} text-right tabular-nums`}>{format.currency(payment.amount)}</td>
            <td className={cellClass}>{t(`adminPayments.kind.${payment.kind ?? "contribution"}`)}</td>
            <td className={cellClass}>
              <PaymentStatusBadge status={payment.status} />
              {payment.failure && (
                <p className="mt-1 text-xs text-body/75">
                  {t(`recovery.category.${payment.failure.category}.title`)} ·{" "}
                  {t(`recovery.episode.${payment.failure.episode}`)}
                </p>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
