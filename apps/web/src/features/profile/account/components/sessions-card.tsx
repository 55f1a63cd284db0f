import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Laptop } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContactSession } from "@cohort/common/auth";
import { accountKeys, endOtherOwnSessions, endOwnSession, ownSessionsQueryOptions } from "../../../../api/account";
import { messageForError } from "../../../../api/error-messages";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Badge } from "../../../../ui/badge";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { Skeleton } from "../../../../ui/skeleton";

/** "Firefox on Windows", or as much of it as the browser told. */
function useDeviceName(): (session: ContactSession) => string {
  const { t } = useTranslation();
  return ({ browser, system }) => {
    if (browser && system) return t("account.sessions.browserOn", { browser, system });
    return browser ?? system ?? t("account.sessions.unknownDevice");
  };
}

function SessionRow({ session, isEnding, onEnd }: { session: ContactSession; isEnding: boolean; onEnd: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const name = useDeviceName()(session);
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-semibold">
          <span className="break-words">{name}</span>
          {session.current && <Badge tone="success">{t("account.sessions.current")}</Badge>}
        </p>
        <p className="text-sm text-body/75">
          {session.address && <span className="break-all">{session.address} · </span>}
          {t("account.sessions.started", { date: dateTime(session.createdAt) })}
        </p>
        <p className="text-sm text-body/75">{t("account.sessions.lastUsed", { date: dateTime(session.lastUsedAt) })}</p>
      </div>
      {!session.current && (
        <Button
          variant="secondary"
          size="sm"
          className="self-start sm:self-center"
          isLoading={isEnding}
          aria-label={t("account.sessions.endNamed", { name })}
          onClick={onEnd}
        >
          {t("account.sessions.end")}
        </Button>
      )}
    </li>
  );
}

/** Where the person is logged in; any other login can be ended, or all of them at once (decision 051). */
export function SessionsCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const titleId = useId();
  const sessions = useQuery(ownSessionsQueryOptions);
  const [endingId, setEndingId] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const [isEndingOthers, setIsEndingOthers] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: accountKeys.sessions });

  const endOne = async (session: ContactSession) => {
    setError(null);
    setEndingId(session.id);
    try {
      await endOwnSession(session.id);
      notifications.addToast({ variant: "success", title: t("account.sessions.ended") });
    } catch (failure) {
      setError(t(messageForError(failure)));
    } finally {
      setEndingId(null);
      await refresh();
    }
  };

  const endOthers = async () => {
    setError(null);
    setIsEndingOthers(true);
    try {
      await endOtherOwnSessions();
      notifications.addToast({ variant: "success", title: t("account.sessions.endedOthers") });
      setIsConfirming(false);
    } catch (failure) {
      setError(t(messageForError(failure)));
    } finally {
      setIsEndingOthers(false);
      await refresh();
    }
  };

  // This browser first, then the others as the server orders them: most recently used first.
  const listed = sessions.data ? [...sessions.data].sort((a, b) => Number(b.current) - Number(a.current)) : [];
  const others = listed.filter((session) => !session.current).length;

  return (
    <Card className="space-y-4">
      <section aria-labelledby={titleId} className="space-y-4">
        <div className="space-y-1">
          <h2 id={titleId} className="text-lg font-bold">
            {t("account.sessions.title")}
          </h2>
          <p className="text-body/75">{t("account.sessions.intro")}</p>
        </div>
        {sessions.isPending ? (
          <div role="status" className="space-y-3">
            <span className="sr-only">{t("common.loading")}</span>
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : sessions.isError ? (
          <Alert variant="error">
            <div className="flex flex-wrap items-center justify-between gap-3">
              {t("account.sessions.loadFailed")}
              <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
                {t("account.retry")}
              </Button>
            </div>
          </Alert>
        ) : (
          <>
            <ul className="divide-y divide-body/10" data-testid="session-list">
              {listed.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  isEnding={endingId === session.id}
                  onEnd={() => void endOne(session)}
                />
              ))}
            </ul>
            {others === 0 ? (
              <p className="flex items-center gap-2 text-body/75">
                <Laptop aria-hidden className="size-4 shrink-0" />
                {t("account.sessions.onlyHere")}
              </p>
            ) : (
              <div className="flex justify-end">
                <Button variant="danger" size="sm" onClick={() => setIsConfirming(true)}>
                  {t("account.sessions.endOthers")}
                </Button>
              </div>
            )}
          </>
        )}
        {error && !isConfirming && <Alert variant="error">{error}</Alert>}
      </section>
      <ConfirmDialog
        isOpen={isConfirming}
        title={t("account.sessions.confirmTitle")}
        description={t("account.sessions.confirmDescription")}
        confirmLabel={t("account.sessions.endOthers")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        isPending={isEndingOthers}
        onConfirm={() => void endOthers()}
        onClose={() => setIsConfirming(false)}
      >
        {error && <Alert variant="error">{error}</Alert>}
      </ConfirmDialog>
    </Card>
  );
}
