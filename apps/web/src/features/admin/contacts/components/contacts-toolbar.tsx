import { useTranslation } from "react-i18next";
import { BookmarkPlus, ListFilter } from "lucide-react";
import { Button } from "../../../../ui/button";
import { cx } from "../../../../ui/class-names";
import { SearchBox } from "../../../../ui/search-box";
import { CsvDownloadButton } from "../../shared/csv-download-button";

interface ContactsToolbarProps {
  search: string;
  ruleCount: number;
  isFilterOpen: boolean;
  onSearch: (text: string) => void;
  onToggleFilter: () => void;
  onSaveSegment: () => void;
  /** Downloads the contacts the list shows as CSV. */
  exportHref: string;
  /** How many contacts the list counts, to show the download's progress against. */
  exportRows: number | undefined;
}

export const FILTER_PANEL_ID = "contact-filter-panel";

/** Quick search, the filter switch, saving the filter as a segment and exporting what matches. */
export function ContactsToolbar({
  search,
  ruleCount,
  isFilterOpen,
  onSearch,
  onToggleFilter,
  onSaveSegment,
  exportHref,
  exportRows,
}: ContactsToolbarProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-black/5 p-4">
      <SearchBox
        value={search}
        onSearch={onSearch}
        label={t("admin.contacts.search.label")}
        placeholder={t("admin.contacts.search.placeholder")}
        clearLabel={t("admin.contacts.search.clear")}
      />
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={isFilterOpen}
        aria-controls={FILTER_PANEL_ID}
        icon={<ListFilter aria-hidden className="size-4" />}
        onClick={onToggleFilter}
        className={cx(isFilterOpen && "bg-body/5")}
      >
        {t("admin.contacts.filters.button")}
        {ruleCount > 0 && (
          <span className="rounded-full bg-primary px-1.5 text-xs text-on-primary tabular-nums">
            <span className="sr-only">{t("admin.contacts.filters.activeCount")} </span>
            {ruleCount}
          </span>
        )}
      </Button>
      {ruleCount > 0 && (
        <Button
          variant="ghost"
          size="sm"
          icon={<BookmarkPlus aria-hidden className="size-4" />}
          onClick={onSaveSegment}
        >
          {t("admin.contacts.segments.save")}
        </Button>
      )}
      <CsvDownloadButton
        href={exportHref}
        expectedRows={exportRows}
        label={t("admin.contacts.export.button")}
        accessibleLabel={t("admin.contacts.export.label")}
        fallbackName="contacts.csv"
        className="sm:ml-auto"
      />
    </div>
  );
}
