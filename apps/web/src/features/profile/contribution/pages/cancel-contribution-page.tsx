import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { cancelContribution, contributionKeys, fetchContribution } from "../../../../api/contribution";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { Skeleton } from "../../../../ui/skeleton";
import { hasPaymentMethod } from "../components/change-contribution-card";

/** Cancelling: the membership runs to the end of the paid period. */
export function CancelContributionPage() {
  const { t } = useTranslation();
  const format = useFormatters();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: contributionKeys.me, queryFn: ({ signal }) => fetchContribution(signal) });
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isPending, setIsPending] = useState(false);

  const confirm = async () => {
    setError(null);
    setIsPending(true);
    try {
      await cancelContribution();
      await queryClient.invalidateQueries({ queryKey: contributionKeys.me });
      notifications.addToast({ variant: "success", title: t("contribution.cancel.done") });
      void navigate("/profile/contribution", { replace: true });
    } catch (failure) {
      setError(messageForError(failure));
      setIsPending(false);
    }
  };

  const endDate = query.data?.membershipExpiryDate ?? query.data?.renewalDate;
  return (
    <div className="max-w-2xl space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("contribution.cancel.title")}</h1>
      </header>
      {query.isPending ? (
        <Skeleton className="h-40" />
      ) : query.isError ? (
        <Alert variant="error" title={t(messageForError(query.error))} />
      ) : query.data.cancellationDate ? (
        <Alert variant="info">{t("contribution.cancel.already")}</Alert>
      ) : !hasPaymentMethod(query.data) ? (
        <Alert variant="info">
          {t("contribution.cancel.nothingToCancel")}{" "}
          <Link to="/profile/contribution" className={linkClass}>
            {t("contribution.cancel.backToContribution")}
          </Link>
        </Alert>
      ) : (
        <Card className="space-y-5">
          <p className="text-lg font-semibold">
            {endDate
              ? t("contribution.cancel.endsOn", { date: format.date(endDate) })
              : t("contribution.cancel.endsNow")}
          </p>
          <p className="text-body/75">{t("contribution.cancel.explanation")}</p>
          <FormError message={error} />
          <div className="flex flex-wrap items-center gap-4">
            <Button variant="danger" isLoading={isPending} onClick={() => void confirm()}>
              {t("contribution.cancel.confirm")}
            </Button>
            <Link to="/profile/contribution" className={linkClass}>
              {t("contribution.cancel.keep")}
            </Link>
          </div>
        </Card>
      )}
    </div>
  );
}
