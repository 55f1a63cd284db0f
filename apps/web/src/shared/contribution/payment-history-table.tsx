import { useTranslation } from "react-i18next";
import type { Payment } from "@cohort/common/payments";
import { useFormatters } from "../../app/i18n/use-formatters";
import { cellClass, headerCellClass, Table } from "../../ui/table";
import { PaymentStatusBadge } from "./payment-status-badge";

/** One person's payments: when, how much and how each went. The member's page and the admin's show the same. */
export function PaymentHistoryTable({ caption, payments }: { caption: string; payments: Payment[] }) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <Table caption={caption}>
      <thead>
        <tr>
          <th scope="col" className={headerCellClass}>
            {t("adminPayments.table.date")}
          </th>
          <th scope="col" className={`${headerCellClass} text-right`}>
            {t("adminPayments.table.amount")}
          </th>
          <th scope="col" className={headerCellClass}>
            {t("adminPayments.table.status")}
          </th>
        </tr>
      </thead>
      <tbody>
        {payments.map((payment) => (
          <tr key={payment.id}>
            <td className={`${cellClass} whitespace-nowrap`}>{format.date(payment.chargeDate)}</td>
            <td className={`${cellClass} text-right tabular-nums`}>{format.currency(payment.amount)}</td>
            <td className={cellClass}>
              <PaymentStatusBadge status={payment.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
