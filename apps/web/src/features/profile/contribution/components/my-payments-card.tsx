import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { contactPaymentsQueryOptions } from "../../../../api/contact-payments";
import { PaymentHistoryCard } from "../../../../shared/contribution/payment-history-card";

/** How many of their payments a member sees at first, and how many more each time they ask. */
const PAGE = 12;

/** The member's own payments, newest first, a dozen more at a time. */
export function MyPaymentsCard() {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(PAGE);
  return (
    <PaymentHistoryCard
      title={t("contribution.payments.title")}
      intro={<p className="text-body/75">{t("contribution.payments.intro")}</p>}
      emptyText={t("contribution.payments.none")}
      receiptsOf={"me"}
      payments={useQuery(contactPaymentsQueryOptions("me", limit))}
      onShowMore={() => setLimit((shown) => shown + PAGE)}
    />
  );
}
