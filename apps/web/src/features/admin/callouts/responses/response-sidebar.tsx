import { Fragment, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Archive, CheckCircle2, Inbox, UserCheck, UserX, X } from "lucide-react";
import { attributionFields } from "@cohort/common/attribution";
import { displayName } from "@cohort/common/contacts";
import type { InboxResponse } from "../../../../api/callout-responses";
import { messageForError } from "../../../../api/error-messages";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import type { InboxBucket } from "./inbox-state";
import { bucketOf, inboxBuckets } from "./inbox-state";
import { AssigneeSelect, CalloutTagSelect } from "./pickers";
import { Shortcut } from "./shortcut";
import { triageKeys } from "./use-triage-keys";
import type { useUpdateResponse } from "./use-inbox-mutations";

const bucketIcons = { inbox: Inbox, verified: CheckCircle2, trash: Archive } as const;

interface ResponseSidebarProps {
  calloutId: string;
  response: InboxResponse;
  showContact: boolean;
  userId: string | null;
  update: ReturnType<typeof useUpdateResponse>;
  onMove: (bucket: InboxBucket) => void;
}

/** Who sent the response, when, and where it stands: bucket, tags and assignee. */
export function ResponseSidebar({ calloutId, response, showContact, userId, update, onMove }: ResponseSidebarProps) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <SenderCard response={response} showContact={showContact} />

      <BucketCard response={response} update={update} onMove={onMove} />

      <TagsCard calloutId={calloutId} response={response} update={update} />

      <AssigneeCard calloutId={calloutId} response={response} userId={userId} update={update} />
      {update.isError && <Alert variant="error">{t(messageForError(update.error))}</Alert>}
    </div>
  );
}

type Update = ReturnType<typeof useUpdateResponse>;

/** Who sent the response, when, and where from. */
function SenderCard({ response, showContact }: { response: InboxResponse; showContact: boolean }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <Card className="space-y-2">
      <h2 className="text-sm font-bold tracking-wide text-body/70 uppercase">{t("adminResponses.detail.contact")}</h2>
      {response.contact ? (
        <div className="space-y-0.5">
          {showContact ? (
            <Link to={`/admin/contacts/${response.contact.id}`} className={`${linkClass} font-semibold`}>
              {displayName(response.contact)}
            </Link>
          ) : (
            <p className="font-semibold">{displayName(response.contact)}</p>
          )}
          <p className="text-sm break-all text-body/75">{response.contact.email}</p>
        </div>
      ) : response.guestName || response.guestEmail ? (
        <div className="space-y-0.5">
          <p className="font-semibold">{response.guestName}</p>
          <p className="text-sm break-all text-body/75">{response.guestEmail}</p>
        </div>
      ) : (
        <p className="text-body/75">
          {response.contact === null ? t("adminResponses.table.anonymous") : t("adminResponses.detail.contactHidden")}
        </p>
      )}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 pt-2 text-sm">
        <dt className="text-body/70">{t("adminResponses.table.createdAt")}</dt>
        <dd>{dateTime(response.createdAt)}</dd>
        <dt className="text-body/70">{t("adminResponses.table.updatedAt")}</dt>
        <dd>{dateTime(response.updatedAt)}</dd>
        {response.imported && (
          <>
            <dt className="text-body/70">{t("adminResponses.detail.source")}</dt>
            <dd data-imported>{t("adminResponses.detail.imported")}</dd>
          </>
        )}
        {attributionFields.map((field) => {
          const value = response.attribution?.[field];
          return value ? (
            <Fragment key={field}>
              <dt className="text-body/70">{t(`adminResponses.filters.fields.${field}`)}</dt>
              <dd className="wrap-anywhere">{value}</dd>
            </Fragment>
          ) : null;
        })}
      </dl>
    </Card>
  );
}

/** The bucket the response is in, and the buttons that move it. */
function BucketCard({
  response,
  update,
  onMove,
}: {
  response: InboxResponse;
  update: Update;
  onMove: (bucket: InboxBucket) => void;
}) {
  const { t } = useTranslation();
  const bucket = bucketOf(response.bucket);
  const shortcutOf = (target: InboxBucket) =>
    target === "verified" ? triageKeys.verified : target === "trash" ? triageKeys.trash : undefined;
  return (
    <Card className="space-y-2">
      <h2 className="text-sm font-bold tracking-wide text-body/70 uppercase">{t("adminResponses.detail.bucket")}</h2>
      <p className="font-semibold">{t(`adminCallouts.buckets.${bucket}`)}</p>
      <div className="flex flex-wrap gap-2">
        {inboxBuckets
          .filter((entry) => entry !== bucket)
          .map((entry) => {
            const Icon = bucketIcons[entry];
            const key = shortcutOf(entry);
            return (
              <Button
                key={entry}
                variant="secondary"
                size="sm"
                icon={<Icon aria-hidden className="size-4" />}
                aria-keyshortcuts={key?.toUpperCase()}
                disabled={update.isPending}
                onClick={() => onMove(entry)}
              >
                {t(`adminResponses.detail.moveTo.${entry}`)}
                {key && <Shortcut keyName={key} />}
              </Button>
            );
          })}
      </div>
    </Card>
  );
}

/** The response's tags, each removable, and a tag to add. */
function TagsCard({ calloutId, response, update }: { calloutId: string; response: InboxResponse; update: Update }) {
  const { t } = useTranslation();
  const [tagToAdd, setTagToAdd] = useState<string | null>(null);
  return (
    <Card className="space-y-2">
      <h2 className="text-sm font-bold tracking-wide text-body/70 uppercase">{t("adminResponses.detail.tags")}</h2>
      {response.tags && response.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5">
          {response.tags.map((tag) => (
            <li
              key={tag.id}
              className="inline-flex items-center gap-1 rounded-full bg-link/12 py-0.5 pr-1 pl-2.5 text-xs font-semibold text-link-text"
            >
              {tag.name}
              <button
                type="button"
                className="focus-ring grid size-5 cursor-pointer place-items-center rounded-full hover:bg-link/20"
                aria-label={t("adminResponses.detail.removeTag", { tag: tag.name })}
                onClick={() => update.mutate({ tags: [`-${tag.id}`] })}
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-body/70">{t("adminResponses.detail.noTags")}</p>
      )}
      <form
        className="flex flex-wrap gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          if (tagToAdd) update.mutate({ tags: [`+${tagToAdd}`] }, { onSuccess: () => setTagToAdd(null) });
        }}
      >
        <CalloutTagSelect
          calloutId={calloutId}
          value={tagToAdd}
          onChange={setTagToAdd}
          label={t("adminResponses.detail.addTagLabel")}
          className="min-w-40 flex-1"
        />
        <Button type="submit" variant="secondary" size="sm" disabled={!tagToAdd}>
          {t("adminResponses.detail.addTag")}
        </Button>
      </form>
    </Card>
  );
}

interface AssigneeCardProps {
  calloutId: string;
  response: InboxResponse;
  userId: string | null;
  update: Update;
}

/** Who the response is assigned to, and the ways to change it. */
function AssigneeCard({ calloutId, response, userId, update }: AssigneeCardProps) {
  const { t } = useTranslation();
  return (
    <Card className="space-y-2">
      <h2 className="text-sm font-bold tracking-wide text-body/70 uppercase">{t("adminResponses.detail.assignee")}</h2>
      <p className="font-semibold">
        {response.assignee ? displayName(response.assignee) : t("adminResponses.detail.unassigned")}
      </p>
      <AssigneeSelect
        calloutId={calloutId}
        value={response.assignee?.id ?? null}
        onChange={(value) => value && update.mutate({ assigneeId: value })}
        label={t("adminResponses.detail.assignTo")}
      />
      <div className="flex flex-wrap gap-2">
        {userId && response.assignee?.id !== userId && (
          <Button
            variant="secondary"
            size="sm"
            icon={<UserCheck aria-hidden className="size-4" />}
            aria-keyshortcuts={triageKeys.assignToMe.toUpperCase()}
            onClick={() => update.mutate({ assigneeId: userId })}
          >
            {t("adminResponses.detail.assignToMe")}
            <Shortcut keyName={triageKeys.assignToMe} />
          </Button>
        )}
        {response.assignee && (
          <Button
            variant="ghost"
            size="sm"
            icon={<UserX aria-hidden className="size-4" />}
            onClick={() => update.mutate({ assigneeId: null })}
          >
            {t("adminResponses.detail.unassign")}
          </Button>
        )}
      </div>
    </Card>
  );
}
