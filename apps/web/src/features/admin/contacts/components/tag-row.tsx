import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ContactTagListItem } from "@cohort/common/tags";
import { notifications } from "../../../../app/notifications/notification-store";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Button } from "../../../../ui/button";
import { linkClass } from "../../../../ui/class-names";
import { cellClass } from "../../../../ui/table";
import { TagRowEditor } from "../../shared/tag-rows";
import { contactList } from "../hooks/list-state";
import { useRenameTag } from "../hooks/use-tag-mutations";
import { TagNameForm } from "./tag-name-form";

interface TagRowProps {
  tag: ContactTagListItem;
  onDelete: () => void;
}

/** The contact list filtered to one tag. */
function taggedContactsPath(tagId: string): string {
  const rules = {
    condition: "AND" as const,
    rules: [{ field: "tags", operator: "contains" as const, value: [tagId] }],
  };
  return `/admin/contacts?${contactList.write({ ...contactList.defaults, rules }).toString()}`;
}

/** One tag: its name (renamed in place), how many contacts carry it, and its actions. */
export function TagRow({ tag, onDelete }: TagRowProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const rename = useRenameTag();
  const count = tag.contactCount ?? 0;

  return (
    <TagRowEditor
      editLabel={t("admin.contacts.tags.rename", { name: tag.name })}
      deleteLabel={t("admin.contacts.tags.delete", { name: tag.name })}
      onDelete={onDelete}
      form={(close) => (
        <TagNameForm
          label={t("admin.contacts.tags.renameLabel", { name: tag.name })}
          submitLabel={t("common.save")}
          initialName={tag.name}
          autoFocus
          onCancel={close}
          onSubmit={async (name) => {
            await rename.mutateAsync({ id: tag.id, name });
            close();
            notifications.addToast({ variant: "success", title: t("admin.contacts.tags.renamed", { name }) });
          }}
        >
          <Button variant="ghost" size="sm" onClick={close}>
            {t("common.cancel")}
          </Button>
        </TagNameForm>
      )}
    >
      {({ form, actions }) => (
        <tr>
          <th scope="row" className={`${cellClass} font-semibold`}>
            {form ?? tag.name}
          </th>
          <td className={`${cellClass} whitespace-nowrap tabular-nums`}>
            {count > 0 ? (
              <Link
                to={taggedContactsPath(tag.id)}
                className={linkClass}
                aria-label={t("admin.contacts.tags.showContacts", { name: tag.name, number: format.number(count) })}
              >
                {format.number(count)}
              </Link>
            ) : (
              format.number(count)
            )}
          </td>
          <td className={`${cellClass} text-right whitespace-nowrap`}>{actions}</td>
        </tr>
      )}
    </TagRowEditor>
  );
}
