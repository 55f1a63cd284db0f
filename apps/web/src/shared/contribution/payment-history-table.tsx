import { useTranslation } from "react-i18next";
import { FileDown } from "lucide-react";
import type { Payment } from "@cohort/common/payments";
import { useFormatters } from "../../app/i18n/use-formatters";
import { cellClass, headerCellClass, Table } from "../../ui/table";
import { PaymentStatusBadge } from "./payment-status-badge";

/** One person's payments: when, how much and how each went. The member's page and the admin's show the same. */
export function PaymentHistoryTable({
  caption,
  payments,
  receiptUrl,
}: {
  caption: string;
  payments: Payment[];
  /** Where a successful payment's receipt downloads from; without it the table has no receipt column. */
  receiptUrl?: (payment: Payment) => string;
}) {
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
          {receiptUrl && (
            <th scope="col" className={headerCellClass}>
              <span className="sr-only">{t("receipts.column")}</span>
            </th>
          )}
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
            {receiptUrl && (
              <td className={cellClass}>
                {payment.status === "successful" && (
                  <a
                    href={receiptUrl(payment)}
                    download
                    className="inline-flex items-center gap-1 font-medium text-link-text underline"
                    aria-label={t("receipts.downloadLabel", { date: format.date(payment.chargeDate) })}
                  >
                    <FileDown aria-hidden className="size-4" />
                    {t("receipts.download")}
                  </a>
                )}
              </td>
            )}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
