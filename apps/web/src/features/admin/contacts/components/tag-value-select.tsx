import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { contactTagsQueryOptions } from "../../../../api/tags";
import { TagIdSelect, type TagIdSelectProps } from "../../shared/tag-id-select";

/** Picks one contact tag by name; the value is the tag's id. */
export function TagValueSelect(props: TagIdSelectProps) {
  const { t } = useTranslation();
  const tags = useQuery(contactTagsQueryOptions);
  return (
    <TagIdSelect
      {...props}
      tags={tags.data}
      isPending={tags.isPending}
      placeholder={tags.isPending ? t("common.loading") : t("admin.contacts.filters.chooseTag")}
      unknownLabel={t("admin.contacts.filters.unknownTag")}
    />
  );
}
