import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { contactTagsQueryOptions } from "../../../../api/tags";
import { Select } from "../../../../ui/select";

interface TagValueSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  label: string;
  hasError?: boolean;
  className?: string;
}

/** Picks one contact tag by name; the value is the tag's id. */
export function TagValueSelect({ value, onChange, label, hasError = false, className }: TagValueSelectProps) {
  const { t } = useTranslation();
  const tags = useQuery(contactTagsQueryOptions);
  const isUnknown = Boolean(value && tags.data && !tags.data.some((tag) => tag.id === value));
  return (
    <Select
      size="sm"
      aria-label={label}
      hasError={hasError}
      value={value ?? ""}
      disabled={tags.isPending}
      onChange={(event) => onChange(event.target.value || null)}
      className={className}
    >
      <option value="" disabled>
        {tags.isPending ? t("common.loading") : t("admin.contacts.filters.chooseTag")}
      </option>
      {tags.data?.map((tag) => (
        <option key={tag.id} value={tag.id}>
          {tag.name}
        </option>
      ))}
      {isUnknown && value && <option value={value}>{t("admin.contacts.filters.unknownTag")}</option>}
    </Select>
  );
}
