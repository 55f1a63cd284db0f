import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { RotateCcw, Tags } from "lucide-react";
import type { CalloutTag } from "../../../../api/callout-responses";
import { calloutTagsQueryOptions } from "../../../../api/callout-responses";
import { messageForError } from "../../../../api/error-messages";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { BackLink } from "../../shared/detail-page";
import { DeleteTagDialog, TagRowEditor } from "../../shared/tag-rows";
import { useRouteCallout } from "../hooks/use-route-callout";
import { inboxList } from "../responses/inbox-state";
import { TagForm } from "../responses/tag-form";
import { useTagMutations } from "../responses/use-inbox-mutations";

/** The callout's response tags with how many responses carry each: create, rename, describe and delete. */
export function ResponseTagsPage() {
  const { t } = useTranslation();
  const callout = useRouteCallout();
  const tags = useQuery(calloutTagsQueryOptions(callout.id));
  const mutations = useTagMutations(callout.id);
  const [toDelete, setToDelete] = useState<CalloutTag | null>(null);
  const format = useFormatters();
  const listPath = `/admin/callouts/view/${encodeURIComponent(callout.id)}/responses`;

  return (
    <div className="space-y-6">
      <BackLink to={listPath}>{t("adminResponses.detail.backToList")}</BackLink>
      <header className="space-y-1">
        <h2 className="text-2xl font-bold">{t("adminResponses.tags.title")}</h2>
        <p className="text-body/75">{t("adminResponses.tags.intro")}</p>
      </header>

      <Card className="space-y-3">
        <h3 className="text-lg font-bold">{t("adminResponses.tags.createTitle")}</h3>
        <TagForm
          submitLabel={t("adminResponses.tags.create")}
          onSubmit={async (input) => {
            await mutations.create.mutateAsync(input);
            notifications.addToast({
              variant: "success",
              title: t("adminResponses.tags.created", { name: input.name }),
            });
          }}
        />
      </Card>

      <section aria-labelledby="tag-list-title" className="space-y-3">
        <h3 id="tag-list-title" className="text-lg font-bold">
          {t("adminResponses.tags.listTitle")}
        </h3>
        {tags.isPending && (
          <div role="status" className="space-y-3">
            <span className="sr-only">{t("common.loading")}</span>
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-16 w-full" />
            ))}
          </div>
        )}
        {tags.isError && (
          <Alert variant="error" title={t(messageForError(tags.error))}>
            <Button
              size="sm"
              variant="secondary"
              className="mt-3"
              icon={<RotateCcw aria-hidden className="size-4" />}
              onClick={() => void tags.refetch()}
            >
              {t("common.retry")}
            </Button>
          </Alert>
        )}
        {tags.data?.length === 0 && (
          <Card>
            <EmptyState
              icon={Tags}
              title={t("adminResponses.tags.noneTitle")}
              description={t("adminResponses.tags.noneDescription")}
            />
          </Card>
        )}
        {tags.data && tags.data.length > 0 && (
          <ul className="space-y-3">
            {tags.data.map((tag) => (
              <li key={tag.id}>
                <TagItem tag={tag} listPath={listPath} mutations={mutations} onDelete={() => setToDelete(tag)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <DeleteTagDialog
        tag={toDelete}
        remove={mutations.remove}
        title={t("adminResponses.tags.deleteTitle", { name: toDelete?.name ?? "" })}
        description={t("adminResponses.tags.deleteDescription", {
          number: format.number(toDelete?.responseCount ?? 0),
        })}
        confirmLabel={t("adminResponses.tags.deleteConfirm")}
        deletedTitle={(name) => t("adminResponses.tags.deleted", { name })}
        onClose={() => setToDelete(null)}
      />
    </div>
  );
}

/** One tag: its name, what it is for and how many responses carry it, edited in place. */
function TagItem({
  tag,
  listPath,
  mutations,
  onDelete,
}: {
  tag: CalloutTag;
  listPath: string;
  mutations: ReturnType<typeof useTagMutations>;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const format = useFormatters();
  const count = tag.responseCount ?? 0;
  const filtered = inboxList
    .write({
      ...inboxList.defaults,
      rules: { condition: "AND", rules: [{ field: "tags", operator: "contains", value: [tag.id] }] },
    })
    .toString();

  return (
    <TagRowEditor
      editLabel={t("adminResponses.tags.edit", { name: tag.name })}
      deleteLabel={t("adminResponses.tags.delete", { name: tag.name })}
      onDelete={onDelete}
      form={(close) => (
        <TagForm
          initial={{ name: tag.name, description: tag.description }}
          submitLabel={t("common.save")}
          autoFocus
          onSubmit={async (input) => {
            await mutations.update.mutateAsync({ id: tag.id, input });
            close();
            notifications.addToast({ variant: "success", title: t("adminResponses.tags.saved", { name: input.name }) });
          }}
        >
          <Button variant="ghost" size="sm" onClick={close}>
            {t("common.cancel")}
          </Button>
        </TagForm>
      )}
    >
      {({ form, actions }) =>
        form ? (
          <Card>{form}</Card>
        ) : (
          <Card className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0 flex-1 space-y-1">
              <p className="font-semibold break-words">{tag.name}</p>
              {tag.description && <p className="text-sm break-words text-body/75">{tag.description}</p>}
              <Link to={`${listPath}?${filtered}`} className={`${linkClass} text-sm`}>
                {t("adminResponses.tags.count", { number: format.number(count) })}
              </Link>
            </div>
            {actions}
          </Card>
        )
      }
    </TagRowEditor>
  );
}
