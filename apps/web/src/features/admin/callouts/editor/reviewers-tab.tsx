import { useDeferredValue, useState } from "react";
import { useTranslation } from "react-i18next";
import { Search, UserPlus, UserRoundX, UsersRound } from "lucide-react";
import type { CalloutReviewer } from "@cohort/common/callouts";
import { displayName } from "@cohort/common/contacts";
import { messageForError } from "../../../../api/error-messages";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { EmptyState } from "../../../../ui/empty-state";
import { Input } from "../../../../ui/input";
import { Spinner } from "../../../../ui/spinner";
import { useContactSearch, useReviewers } from "../hooks/use-reviewers";
import { useEditorTarget } from "./editor-context";

function ReviewerSearch({ calloutId, reviewerIds }: { calloutId: string; reviewerIds: ReadonlySet<string> }) {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const deferred = useDeferredValue(text);
  const results = useContactSearch(deferred);
  const { add } = useReviewers(calloutId);

  return (
    <div className="space-y-3">
      <label className="block space-y-1.5">
        <span className="block text-sm font-semibold">{t("adminCallouts.reviewers.search")}</span>
        <span className="relative block max-w-md">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-body/70"
          />
          <Input
            type="search"
            className="pl-9"
            value={text}
            placeholder={t("adminCallouts.reviewers.searchPlaceholder")}
            onChange={(event) => setText(event.target.value)}
          />
        </span>
      </label>
      {results.isFetching && <Spinner label={t("common.loading")} className="size-4" />}
      {results.data && (
        <ul aria-live="polite" className="divide-y divide-black/5 rounded-xl ring-1 ring-black/5">
          {results.data.length === 0 && (
            <li className="p-3 text-sm text-body/70">{t("adminCallouts.reviewers.noMatch")}</li>
          )}
          {results.data.map((contact) => {
            const isReviewer = reviewerIds.has(contact.id);
            return (
              <li key={contact.id} className="flex items-center justify-between gap-3 p-3">
                <span className="min-w-0 text-sm">
                  <span className="block truncate font-semibold">{displayName(contact)}</span>
                  <span className="block truncate text-body/70">{contact.email}</span>
                </span>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={isReviewer}
                  isLoading={add.isPending && add.variables === contact.id}
                  icon={<UserPlus aria-hidden className="size-4" />}
                  onClick={() =>
                    add.mutate(contact.id, {
                      onSuccess: () =>
                        notifications.addToast({
                          variant: "success",
                          title: t("adminCallouts.reviewers.added", { name: displayName(contact) }),
                        }),
                    })
                  }
                >
                  {isReviewer ? t("adminCallouts.reviewers.already") : t("adminCallouts.reviewers.add")}
                  <span className="sr-only"> {displayName(contact)}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {add.isError && <Alert variant="error">{t(messageForError(add.error))}</Alert>}
    </div>
  );
}

/** The people who may read and sort this callout's responses without being admins. */
export function ReviewersTab() {
  const { t } = useTranslation();
  const { id } = useEditorTarget();
  if (!id) {
    return (
      <Card>
        <EmptyState
          icon={UsersRound}
          title={t("adminCallouts.reviewers.title")}
          description={t("adminCallouts.reviewers.saveFirst")}
        />
      </Card>
    );
  }
  return <SavedReviewers calloutId={id} />;
}

function SavedReviewers({ calloutId }: { calloutId: string }) {
  const { t } = useTranslation();
  const { list, remove } = useReviewers(calloutId);
  const [pending, setPending] = useState<CalloutReviewer | null>(null);
  const reviewers = list.data ?? [];

  return (
    <div className="space-y-6">
      <Card className="space-y-4">
        <div className="space-y-1">
          <h3 className="font-bold">{t("adminCallouts.reviewers.title")}</h3>
          <p className="text-sm text-body/75">{t("adminCallouts.reviewers.intro")}</p>
        </div>
        {list.isPending && <Spinner label={t("common.loading")} />}
        {list.isError && <Alert variant="error">{t(messageForError(list.error))}</Alert>}
        {list.isSuccess && reviewers.length === 0 && (
          <p className="text-sm text-body/70">{t("adminCallouts.reviewers.none")}</p>
        )}
        {reviewers.length > 0 && (
          <ul className="divide-y divide-black/5 rounded-xl ring-1 ring-black/5">
            {reviewers.map((reviewer) => (
              <li key={reviewer.id} className="flex items-center justify-between gap-3 p-3">
                <span className="min-w-0 text-sm">
                  <span className="block truncate font-semibold">{displayName(reviewer.contact)}</span>
                  <span className="block truncate text-body/70">{reviewer.contact.email}</span>
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<UserRoundX aria-hidden className="size-4 text-danger" />}
                  onClick={() => {
                    remove.reset();
                    setPending(reviewer);
                  }}
                >
                  {t("adminCallouts.reviewers.remove")}
                  <span className="sr-only"> {displayName(reviewer.contact)}</span>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card>
        <ReviewerSearch calloutId={calloutId} reviewerIds={new Set(reviewers.map((reviewer) => reviewer.contact.id))} />
      </Card>
      <ConfirmDialog
        isOpen={pending !== null}
        title={t("adminCallouts.reviewers.removeTitle", { name: pending ? displayName(pending.contact) : "" })}
        description={t("adminCallouts.reviewers.removeDescription")}
        confirmLabel={t("adminCallouts.reviewers.remove")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        isPending={remove.isPending}
        onConfirm={() => {
          if (pending) remove.mutate(pending.id, { onSuccess: () => setPending(null) });
        }}
        onClose={() => setPending(null)}
      >
        {remove.isError && <Alert variant="error">{t(messageForError(remove.error))}</Alert>}
      </ConfirmDialog>
    </div>
  );
}
