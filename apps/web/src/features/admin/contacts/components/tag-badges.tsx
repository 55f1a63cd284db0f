import { useTranslation } from "react-i18next";
import type { ContactTag } from "@cohort/common/tags";
import { Badge } from "../../../../ui/badge";

interface TagBadgesProps {
  tags: readonly ContactTag[];
  /** Shows at most this many, then "+2". */
  limit?: number;
  /** Keeps the badges to the width of a table cell, wrapping onto more lines. */
  isCompact?: boolean;
}

export function TagBadges({ tags, limit, isCompact = false }: TagBadgesProps) {
  const { t } = useTranslation();
  if (tags.length === 0) return <span className="text-body/70">{t("admin.contacts.table.noTags")}</span>;
  const shown = limit === undefined ? tags : tags.slice(0, limit);
  const hidden = tags.length - shown.length;
  return (
    <span className={isCompact ? "flex max-w-48 min-w-28 flex-wrap gap-1" : "flex flex-wrap gap-1"}>
      {shown.map((tag) => (
        <Badge key={tag.id} tone="link">
          {/* A badge keeps to one line and cuts what does not fit; a tag's name is worth a second line. */}
          <span className="whitespace-normal break-words">{tag.name}</span>
        </Badge>
      ))}
      {hidden > 0 && (
        <span
          title={tags
            .slice(shown.length)
            .map((tag) => tag.name)
            .join(", ")}
        >
          <Badge>{t("admin.contacts.table.moreTags", { number: hidden })}</Badge>
        </span>
      )}
    </span>
  );
}
