import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentList } from "@cohort/common/payments";
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
}

/** A person's payments, newest first, in a card: loading, failed, none yet, or the table. */
export function PaymentHistoryCard({ title, emptyText, intro, payments, onShowMore }: PaymentHistoryCardProps) {
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
          <PaymentHistoryTable caption={title} payments={payments.data.items} />
          {onShowMore && hasMore && (
            <Button variant="secondary" isLoading={payments.isFetching} onClick={onShowMore}>
              {t("common.showMore")}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
