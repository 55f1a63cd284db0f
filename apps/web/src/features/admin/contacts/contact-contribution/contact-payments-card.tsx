import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { contactPaymentsQueryOptions } from "../../../../api/admin-payments";
import { messageForError } from "../../../../api/error-messages";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { Skeleton } from "../../../../ui/skeleton";
import { cellClass, headerCellClass, Table } from "../../../../ui/table";
import { PaymentStatusBadge } from "../../payments/components/payment-status-badge";

/** The contact's payments, newest first. */
export function ContactPaymentsCard({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const payments = useQuery(contactPaymentsQueryOptions(contactId));

  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-bold">{t("adminPayments.contribution.paymentsTitle")}</h2>
      {payments.isPending ? (
        <div role="status">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-24 w-full" />
        </div>
      ) : payments.isError ? (
        <Alert variant="error" title={t(messageForError(payments.error))} />
      ) : payments.data.items.length === 0 ? (
        <p className="text-body/75">{t("adminPayments.contribution.noPayments")}</p>
      ) : (
        <Table caption={t("adminPayments.contribution.paymentsTitle")}>
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
            {payments.data.items.map((payment) => (
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
      )}
    </Card>
  );
}
