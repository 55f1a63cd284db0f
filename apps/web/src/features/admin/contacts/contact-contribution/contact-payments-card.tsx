import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { contactPaymentsQueryOptions } from "../../../../api/contact-payments";
import { PaymentHistoryCard } from "../../../../shared/contribution/payment-history-card";

/** The contact's payments, newest first. */
export function ContactPaymentsCard({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  return (
    <PaymentHistoryCard
      title={t("adminPayments.contribution.paymentsTitle")}
      emptyText={t("adminPayments.contribution.noPayments")}
      receiptsOf={contactId}
      payments={useQuery(contactPaymentsQueryOptions(contactId))}
    />
  );
}
