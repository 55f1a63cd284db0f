import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { MEMBER_PAYMENTS_PAGE, memberPaymentsQueryOptions } from "../../../../api/member-payments";
import { PaymentHistoryCard } from "../../../../shared/contribution/payment-history-card";

/** The member's own payments, newest first, a dozen more at a time. */
export function MyPaymentsCard() {
  const { t } = useTranslation();
  const [limit, setLimit] = useState(MEMBER_PAYMENTS_PAGE);
  return (
    <PaymentHistoryCard
      title={t("contribution.payments.title")}
      intro={<p className="text-body/75">{t("contribution.payments.intro")}</p>}
      emptyText={t("contribution.payments.none")}
      payments={useQuery(memberPaymentsQueryOptions(limit))}
      onShowMore={() => setLimit((shown) => shown + MEMBER_PAYMENTS_PAGE)}
    />
  );
}
