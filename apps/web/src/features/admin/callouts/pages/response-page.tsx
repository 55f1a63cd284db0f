import { useCallback, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams, useSearchParams } from "react-router";
import { ArrowLeft, ChevronLeft, ChevronRight } from "lucide-react";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import { hasRole } from "@cohort/common/contacts";
import type { InboxResponse } from "../../../../api/callout-responses";
import { responseQueryOptions } from "../../../../api/callout-responses";
import { isClientError } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";
import { useSession } from "../../../../api/session";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { notifications } from "../../../../app/notifications/notification-store";
import { usePageTitle } from "../../../../app/shell/page-title";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { linkClass } from "../../../../ui/class-names";
import { Skeleton } from "../../../../ui/skeleton";
import { useRouteCallout } from "../hooks/use-route-callout";
import { answerFields } from "../../shared/answer-fields";
import { AnswersSection } from "../responses/answers-section";
import { CommentsThread } from "../responses/comments-thread";
import type { InboxBucket } from "../responses/inbox-state";
import { bucketValue, inboxList } from "../responses/inbox-state";
import { useResponseNeighbours } from "../responses/response-neighbours";
import { ResponseSidebar } from "../responses/response-sidebar";
import { Shortcut } from "../responses/shortcut";
import { useUpdateResponse } from "../responses/use-inbox-mutations";
import type { TriageAction } from "../responses/use-triage-keys";
import { triageKeys, useTriageKeys } from "../responses/use-triage-keys";

/** One response in full, with its neighbours in the bucket a key away. */
export function ResponsePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const callout = useRouteCallout();
  const { rid = "" } = useParams();
  const [params] = useSearchParams();
  const user = useSession();
  const isAdmin = hasRole(user?.activeRoles ?? [], "admin");
  const filter = useMemo(() => inboxList.read(params), [params]);
  const fields = useMemo(() => answerFields(callout.formSchema), [callout.formSchema]);
  const response = useQuery(responseQueryOptions(rid));
  // Inside its callout's page, whose title it replaces: the number first, then the callout.
  usePageTitle(
    response.data
      ? t("adminResponses.pageTitles.responseNamed", {
          number: response.data.number,
          title: callout.title || t("adminCallouts.untitled"),
        })
      : undefined,
    1,
  );
  const neighbours = useResponseNeighbours(callout.id, response.data, filter);
  const update = useUpdateResponse(rid);
  const [isEditing, setIsEditing] = useState(false);

  const listSearch = new URLSearchParams(params);
  listSearch.delete("page");
  if (response.data) listSearch.set("bucket", neighbours.bucket);
  if (neighbours.bucket === "inbox") listSearch.delete("bucket");
  const search = listSearch.toString() ? `?${listSearch.toString()}` : "";
  const listPath = `/admin/callouts/view/${encodeURIComponent(callout.id)}/responses`;
  const goTo = useCallback(
    (id: string | null) => {
      if (id) void navigate({ pathname: `${listPath}/${id}`, search });
    },
    [navigate, listPath, search],
  );

  const move = useTriage({
    neighbours,
    update,
    response: response.data,
    userId: user?.id,
    goTo,
    isOn: Boolean(response.data) && !isEditing,
  });

  const back = (
    <Link to={{ pathname: listPath, search }} className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}>
      <ArrowLeft aria-hidden className="size-4" />
      {t("adminResponses.detail.backToList")}
    </Link>
  );

  if (response.isPending) {
    return (
      <div className="space-y-4">
        {back}
        <div role="status" className="space-y-3">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-8 w-64" />
          <Skeleton className="h-64 w-full" />
        </div>
      </div>
    );
  }
  if (response.isError) {
    const isMissing = isClientError(response.error) && [400, 404].includes(response.error.httpCode);
    return (
      <div className="space-y-4">
        {back}
        <Alert
          variant="error"
          title={isMissing ? t("adminResponses.detail.notFound") : t(messageForError(response.error))}
        />
      </div>
    );
  }

  const data = response.data;
  return (
    <div className="space-y-6">
      {back}
      <ResponseHeading number={data.number} neighbours={neighbours} goTo={goTo} />

      {/* On a phone the triage controls come right after the answers, before the discussion. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start lg:gap-x-6">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <AnswersSection
            form={callout.formSchema}
            fields={fields}
            answers={(data.answers ?? {}) as CalloutAnswers}
            canEdit={isAdmin}
            update={update}
            onEditingChange={setIsEditing}
          />
        </div>
        <aside aria-label={t("adminResponses.detail.details")} className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <ResponseSidebar
            calloutId={callout.id}
            response={data}
            showContact={isAdmin}
            userId={user?.id ?? null}
            update={update}
            onMove={move}
          />
        </aside>
        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <CommentsThread responseId={data.id} />
        </div>
      </div>
    </div>
  );
}

interface TriageOptions {
  neighbours: ReturnType<typeof useResponseNeighbours>;
  update: ReturnType<typeof useUpdateResponse>;
  response: InboxResponse | undefined;
  userId: string | undefined;
  goTo: (id: string | null) => void;
  /** Off while there is no response, or while its answers are being edited. */
  isOn: boolean;
}

/** The keys that go to the next or previous response, move this one or take it on; answers `move`. */
function useTriage({ neighbours, update, response, userId, goTo, isOn }: TriageOptions) {
  const { t } = useTranslation();
  const move = (bucket: InboxBucket) => {
    const after = neighbours.nextId ?? neighbours.previousId;
    update.mutate(
      { bucket: bucketValue(bucket) },
      {
        onSuccess: () => {
          notifications.addToast({
            variant: "success",
            title: t("adminResponses.detail.moved", {
              number: response?.number ?? "",
              bucket: t(`adminCallouts.buckets.${bucket}`),
            }),
          });
          goTo(after);
        },
      },
    );
  };

  const handleKey = (action: TriageAction) => {
    switch (action) {
      case "next":
        return goTo(neighbours.nextId);
      case "previous":
        return goTo(neighbours.previousId);
      case "verified":
      case "trash":
        if (neighbours.bucket !== action && !update.isPending) move(action);
        return;
      case "assignToMe":
        if (userId && response?.assignee?.id !== userId) update.mutate({ assigneeId: userId });
        return;
    }
  };
  useTriageKeys(handleKey, isOn);
  return move;
}

interface ResponseHeadingProps {
  number: number;
  neighbours: ReturnType<typeof useResponseNeighbours>;
  goTo: (id: string | null) => void;
}

/** The response's number, where it stands in its bucket, and the way to its neighbours. */
function ResponseHeading({ number, neighbours, goTo }: ResponseHeadingProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-2xl font-bold">{t("adminResponses.detail.title", { number })}</h2>
          <p className="text-sm text-body/75" aria-live="polite">
            {neighbours.position !== undefined && neighbours.total !== undefined
              ? t("adminResponses.detail.position", {
                  position: format.number(neighbours.position),
                  total: format.number(neighbours.total),
                  bucket: t(`adminCallouts.buckets.${neighbours.bucket}`),
                })
              : t("common.loading")}
          </p>
        </div>
        <nav aria-label={t("adminResponses.detail.navigation")} className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            icon={<ChevronLeft aria-hidden className="size-4" />}
            aria-keyshortcuts={triageKeys.previous.toUpperCase()}
            disabled={!neighbours.previousId}
            onClick={() => goTo(neighbours.previousId)}
          >
            {t("adminResponses.detail.previous")}
            <Shortcut keyName={triageKeys.previous} />
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-keyshortcuts={triageKeys.next.toUpperCase()}
            disabled={!neighbours.nextId}
            onClick={() => goTo(neighbours.nextId)}
          >
            {t("adminResponses.detail.next")}
            <Shortcut keyName={triageKeys.next} />
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </nav>
      </div>
      <p className="hidden text-xs text-body/70 sm:block">{t("adminResponses.detail.keysHint")}</p>
    </>
  );
}
