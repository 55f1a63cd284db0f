import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { contributionKeys, fetchContribution } from "../../../../api/contribution";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { Skeleton } from "../../../../ui/skeleton";
import { ChangeContributionCard, hasPaymentMethod } from "../components/change-contribution-card";
import { ContributionSummary } from "../components/contribution-summary";
import { MyPaymentsCard } from "../components/my-payments-card";
import { PaymentMethodCard } from "../components/payment-method-card";
import { RenewalProblemNotice } from "../../../recovery";

/** The member's contribution: what it is, changing it, its payment method, cancelling and the payments made. */
export function ContributionPage() {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: contributionKeys.me, queryFn: ({ signal }) => fetchContribution(signal) });

  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("contribution.title")}</h1>
        <p className="text-lg text-body/75">{t("contribution.intro")}</p>
      </header>
      <RenewalProblemNotice />
      {query.isPending ? (
        <Skeleton className="h-64" />
      ) : query.isError ? (
        <Alert variant="error">{t(messageForError(query.error))}</Alert>
      ) : (
        // Summary, changes, cancelling, then the payments on phones; on wide screens the summary,
        // cancelling and the payments beside the forms.
        <div className="grid items-start gap-6 lg:grid-cols-2 lg:grid-rows-[auto_1fr]">
          <ContributionSummary info={query.data} />
          <div className="space-y-6 lg:col-start-2 lg:row-span-2 lg:row-start-1">
            <ChangeContributionCard key={JSON.stringify(query.data)} info={query.data} />
            {hasPaymentMethod(query.data) && <PaymentMethodCard info={query.data} />}
          </div>
          <div className="space-y-6 lg:col-start-1 lg:row-start-2">
            {hasPaymentMethod(query.data) && (
              <Card className="space-y-2">
                <h2 className="text-lg font-bold">{t("contribution.cancel.cardTitle")}</h2>
                <p className="text-body/75">{t("contribution.cancel.cardDescription")}</p>
                <Link to="/profile/contribution/cancel" className={`${linkClass} inline-block`}>
                  {t("contribution.cancel.link")}
                </Link>
              </Card>
            )}
            <MyPaymentsCard />
          </div>
        </div>
      )}
    </div>
  );
}
