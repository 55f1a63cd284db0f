import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import {
  newsletterKeys,
  newsletterReconciliationQueryOptions,
  startNewsletterReconciliation,
} from "../../../../api/newsletter";
import { FormError } from "../../../../app/forms/form-error";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ProgressBar } from "../../../../ui/progress-bar";

/** Compares every contact with the provider's list and shows how far that got and what differed. */
export function NewsletterReconciliationCard({ isConnected }: { isConnected: boolean }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const latest = useQuery({
    ...newsletterReconciliationQueryOptions,
    refetchInterval: (query) => (query.state.data?.status === "running" ? 2000 : false),
  });
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const run = latest.data;
  const number = (value: number) => value.toLocaleString(i18n.language);

  const start = async () => {
    setError(null);
    setIsStarting(true);
    try {
      queryClient.setQueryData(newsletterKeys.reconciliation, await startNewsletterReconciliation());
    } catch (failure) {
      setError(messageForError(failure));
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <Card className="max-w-3xl space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t("adminSettings.newsletter.reconcileTitle")}</h2>
        <p className="text-sm text-body/75">{t("adminSettings.newsletter.reconcileIntro")}</p>
      </div>
      {run && (
        <div className="space-y-2" aria-live="polite">
          <p className="text-sm">
            {run.status === "running"
              ? t("adminSettings.newsletter.reconcileRunning", { done: number(run.done), total: number(run.total) })
              : run.status === "done"
                ? t("adminSettings.newsletter.reconcileDone", {
                    total: number(run.total),
                    differed: number(run.differed),
                    failed: number(run.failed),
                  })
                : t("adminSettings.newsletter.reconcileFailed")}
          </p>
          {run.status === "running" && (
            <ProgressBar className="text-primary" value={run.total > 0 ? run.done / run.total : 0} />
          )}
        </div>
      )}
      <FormError message={error} />
      <Button
        type="button"
        variant="secondary"
        isLoading={isStarting}
        disabled={!isConnected || run?.status === "running"}
        onClick={() => void start()}
      >
        {t("adminSettings.newsletter.reconcile")}
      </Button>
      {!isConnected && <p className="text-sm text-body/70">{t("adminSettings.newsletter.reconcileNeedsProvider")}</p>}
    </Card>
  );
}
