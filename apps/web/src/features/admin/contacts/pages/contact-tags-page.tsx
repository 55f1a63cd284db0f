import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { RotateCcw, Tags } from "lucide-react";
import type { ContactTagListItem } from "@cohort/common/tags";
import { messageForError } from "../../../../api/error-messages";
import { contactTagsQueryOptions } from "../../../../api/tags";
import { notifications } from "../../../../app/notifications/notification-store";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { Table, headerCellClass } from "../../../../ui/table";
import { DetailFrame, DetailHeader } from "../../shared/detail-page";
import { DeleteTagDialog } from "../../shared/tag-rows";
import { TagNameForm } from "../components/tag-name-form";
import { TagRow } from "../components/tag-row";
import { useCreateTag, useDeleteTag } from "../hooks/use-tag-mutations";

/** Every contact tag with how many contacts carry it: create, rename and delete. */
export function ContactTagsPage() {
  const { t } = useTranslation();
  const tags = useQuery(contactTagsQueryOptions);
  const create = useCreateTag();
  const remove = useDeleteTag();
  const [toDelete, setToDelete] = useState<ContactTagListItem | null>(null);

  return (
    <DetailFrame back={{ to: "/admin/contacts", label: t("admin.contacts.backToList") }}>
      <DetailHeader title={t("admin.contacts.tags.title")}>
        <p className="text-body/75">{t("admin.contacts.tags.intro")}</p>
      </DetailHeader>

      <Card className="space-y-3">
        <h2 className="text-lg font-bold">{t("admin.contacts.tags.createTitle")}</h2>
        <TagNameForm
          label={t("admin.contacts.tags.newName")}
          placeholder={t("admin.contacts.tags.newNamePlaceholder")}
          submitLabel={t("admin.contacts.tags.create")}
          onSubmit={async (name) => {
            await create.mutateAsync({ name, description: "" });
            notifications.addToast({ variant: "success", title: t("admin.contacts.tags.created", { name }) });
          }}
        />
      </Card>

      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        {tags.isPending && (
          <div role="status" className="space-y-4 p-5">
            <span className="sr-only">{t("common.loading")}</span>
            {[0, 1, 2, 3].map((row) => (
              <Skeleton key={row} className="h-5 w-2/3" />
            ))}
          </div>
        )}
        {tags.isError && (
          <div className="p-5">
            <Alert variant="error" title={t(messageForError(tags.error))}>
              <Button
                size="sm"
                variant="secondary"
                className="mt-2"
                icon={<RotateCcw aria-hidden className="size-4" />}
                onClick={() => void tags.refetch()}
              >
                {t("common.retry")}
              </Button>
            </Alert>
          </div>
        )}
        {tags.data?.length === 0 && (
          <EmptyState
            icon={Tags}
            title={t("admin.contacts.tags.emptyTitle")}
            description={t("admin.contacts.tags.emptyDescription")}
          />
        )}
        {tags.data && tags.data.length > 0 && (
          <Table caption={t("admin.contacts.tags.title")}>
            <thead>
              <tr>
                <th scope="col" className={headerCellClass}>
                  {t("admin.contacts.tags.name")}
                </th>
                <th scope="col" className={`${headerCellClass} w-24 sm:w-32`}>
                  {t("admin.contacts.tags.contacts")}
                </th>
                <th scope="col" className={`${headerCellClass} w-24 text-right`}>
                  <span className="sr-only">{t("admin.contacts.tags.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {tags.data.map((tag) => (
                <TagRow
                  key={tag.id}
                  tag={tag}
                  onDelete={() => {
                    remove.reset();
                    setToDelete(tag);
                  }}
                />
              ))}
            </tbody>
          </Table>
        )}
      </div>

      <DeleteTagDialog
        tag={toDelete}
        remove={remove}
        title={t("admin.contacts.tags.deleteTitle", { name: toDelete?.name ?? "" })}
        description={t("admin.contacts.tags.deleteDescription", { number: toDelete?.contactCount ?? 0 })}
        confirmLabel={t("admin.contacts.tags.deleteConfirm")}
        deletedTitle={(name) => t("admin.contacts.tags.deleted", { name })}
        onClose={() => setToDelete(null)}
      />
    </DetailFrame>
  );
}
