import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Payment, PaymentList } from "@cohort/common/payments";
import { paymentReceiptUrl, yearlyReceiptUrl } from "../../api/contact-payments";
import { messageForError } from "../../api/error-messages";
import { Alert } from "../../ui/alert";
import { Button } from "../../ui/button";
import { Card } from "../../ui/card";
import { Skeleton } from "../../ui/skeleton";
import { PaymentHistoryTable } from "./payment-history-table";

interface PaymentHistoryCardProps {
  title: string;
  /** Said while there are no payments. */
  emptyText: string;
  /** Under the title, when there is more to say. */
  intro?: ReactNode;
  payments: UseQueryResult<PaymentList>;
  /** Asks for the next payments; the button shows while the list holds fewer than all. */
  onShowMore?: () => void;
  /** Whose receipts the card offers (`me` or a contact id); without it, none. */
  receiptsOf?: string;
}

/** A person's payments, newest first, in a card: loading, failed, none yet, or the table. */
export function PaymentHistoryCard({
  title,
  emptyText,
  intro,
  payments,
  onShowMore,
  receiptsOf,
}: PaymentHistoryCardProps) {
  const { t } = useTranslation();
  const { data } = payments;
  const hasMore = data !== undefined && data.items.length < data.total;
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-bold">{title}</h2>
      {intro}
      {payments.isPending ? (
        <div role="status">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-24 w-full" />
        </div>
      ) : payments.isError ? (
        <Alert variant="error" title={t(messageForError(payments.error))} />
      ) : payments.data.items.length === 0 ? (
        <p className="text-body/75">{emptyText}</p>
      ) : (
        <>
          <PaymentHistoryTable
            caption={title}
            payments={payments.data.items}
            {...(receiptsOf !== undefined
              ? { receiptUrl: (payment: Payment) => paymentReceiptUrl(receiptsOf, payment.id) }
              : {})}
          />
          {onShowMore && hasMore && (
            <Button variant="secondary" isLoading={payments.isFetching} onClick={onShowMore}>
              {t("common.showMore")}
            </Button>
          )}
          {receiptsOf !== undefined && <YearlyReceipts contactId={receiptsOf} payments={payments.data.items} />}
        </>
      )}
    </Card>
  );
}

/** Links to the yearly summaries of the years the shown payments were successful in, newest first. */
function YearlyReceipts({ contactId, payments }: { contactId: string; payments: Payment[] }) {
  const { t } = useTranslation();
  const years = [
    ...new Set(
      payments
        .filter((payment) => payment.status === "successful")
        .map((payment) => new Date(payment.chargeDate).getUTCFullYear()),
    ),
  ].sort((a, b) => b - a);
  if (years.length === 0) return null;
  return (
    <div className="space-y-1">
      <h3 className="font-semibold">{t("receipts.yearlyTitle")}</h3>
      <p className="text-sm text-body/75">{t("receipts.yearlyIntro")}</p>
      <ul className="flex flex-wrap gap-x-4 gap-y-1">
        {years.map((year) => (
          <li key={year}>
            <a href={yearlyReceiptUrl(contactId, year)} download className="font-medium text-link-text underline">
              {t("receipts.yearly", { year })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
