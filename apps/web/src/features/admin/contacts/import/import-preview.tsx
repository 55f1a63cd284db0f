import { useTranslation } from "react-i18next";
import type { ImportFieldChange, ImportResult } from "@cohort/common/contacts";
import { cellClass, headerCellClass, Table } from "../../../../ui/table";
import { CountTiles } from "../../shared/csv-import/count-tiles";
import { importFieldLabel } from "./field-labels";
import type { ImportRow } from "./import-mapping";

/** Shown at most; the rest are counted. */
export const MAX_ERRORS_SHOWN = 20;
/** Updated contacts shown at most; the rest are counted. */
export const MAX_CHANGES_SHOWN = 50;

interface ImportCountsProps {
  result: ImportResult;
}

/** The four numbers of an import: new, updated, skipped and new tags. */
export function ImportCounts({ result }: ImportCountsProps) {
  const { t } = useTranslation();
  const counts = [
    { key: "create", label: t("admin.contacts.import.counts.create"), value: result.created },
    { key: "update", label: t("admin.contacts.import.counts.update"), value: result.updated },
    { key: "skip", label: t("admin.contacts.import.counts.skip"), value: result.skipped },
    { key: "tags", label: t("admin.contacts.import.counts.tags"), value: result.tagsCreated },
  ];
  return <CountTiles counts={counts} className="grid-cols-2 sm:grid-cols-4" />;
}

interface ImportErrorsTableProps {
  errors: ImportResult["errors"];
  /** The rows that were sent, to show the email of a row with a problem. */
  rows: readonly ImportRow[];
}

/** The problems the server found, one line each, capped with a count of the rest. */
export function ImportErrorsTable({ errors, rows }: ImportErrorsTableProps) {
  const { t } = useTranslation();
  const shown = errors.slice(0, MAX_ERRORS_SHOWN);
  const hidden = errors.length - shown.length;
  return (
    <div className="space-y-2">
      <Table caption={t("admin.contacts.import.errorsCaption")} className="rounded-xl ring-1 ring-black/5">
        <thead>
          <tr>
            <th scope="col" className={headerCellClass}>
              {t("admin.contacts.import.row")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("admin.contacts.import.fields.email")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("admin.contacts.import.errorField")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("admin.contacts.import.message")}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((error, index) => (
            <tr key={`${error.row}-${error.property}-${index}`}>
              <td className={`${cellClass} tabular-nums`}>{error.row}</td>
              <td className={`${cellClass} max-w-56 truncate whitespace-nowrap`}>
                {rows[error.row - 1]?.email?.trim() || "—"}
              </td>
              <td className={`${cellClass} whitespace-nowrap`}>{importFieldLabel(t, error.property)}</td>
              <td className={`${cellClass} min-w-44`}>{error.message}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {hidden > 0 && (
        <p className="text-sm text-body/70">{t("admin.contacts.import.moreErrors", { number: hidden })}</p>
      )}
    </div>
  );
}

/** A changed value as people read it: yes or no, a date, or "(empty)". */
function useChangeValue() {
  const { t, i18n } = useTranslation();
  return (field: ImportFieldChange["field"], value: string) => {
    if (value === "") return t("admin.contacts.import.emptyValue");
    if (field === "deliveryOptIn") {
      return t(value === "true" ? "admin.contacts.import.yes" : "admin.contacts.import.no");
    }
    if (field === "membershipStarts" || field === "membershipExpires") {
      const date = new Date(value);
      if (!Number.isNaN(date.getTime())) return date.toLocaleDateString(i18n.language, { dateStyle: "medium" });
    }
    return value;
  };
}

interface ImportChangesTableProps {
  changes: ImportResult["changes"];
}

/** Each existing contact the import updates, with every field it changes: the value now, then the new one. */
export function ImportChangesTable({ changes }: ImportChangesTableProps) {
  const { t } = useTranslation();
  const valueText = useChangeValue();
  const shown = changes.slice(0, MAX_CHANGES_SHOWN);
  const hidden = changes.length - shown.length;
  return (
    <div className="space-y-2">
      <Table caption={t("admin.contacts.import.changesCaption")} className="rounded-xl ring-1 ring-black/5">
        <thead>
          <tr>
            <th scope="col" className={headerCellClass}>
              {t("admin.contacts.import.row")}
            </th>
            <th scope="col" className={`${headerCellClass} hidden sm:table-cell`}>
              {t("admin.contacts.import.fields.email")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("admin.contacts.import.changesColumn")}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((contact) => (
            <tr key={contact.row} className="align-top">
              <td className={`${cellClass} tabular-nums`}>{contact.row}</td>
              <td className={`${cellClass} hidden max-w-56 break-all sm:table-cell`}>{contact.email}</td>
              <td className={`${cellClass} min-w-48`}>
                {/* On a phone the email heads the changes instead of taking a column of its own. */}
                <p className="mb-1 font-medium break-all sm:hidden">{contact.email}</p>
                {contact.fields.length === 0 ? (
                  <span className="text-body/70">{t("admin.contacts.import.noChange")}</span>
                ) : (
                  <ul className="space-y-1">
                    {contact.fields.map((change) => (
                      <li key={change.field} data-field={change.field}>
                        <span className="font-semibold">{importFieldLabel(t, change.field)}:</span>{" "}
                        <span className="text-body/70 line-through decoration-body/40">
                          {valueText(change.field, change.from)}
                        </span>{" "}
                        <span aria-hidden>→</span>
                        <span className="sr-only">{t("admin.contacts.import.becomes")}</span>{" "}
                        <span className="font-medium break-words">{valueText(change.field, change.to)}</span>
                      </li>
                    ))}
                  </ul>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {hidden > 0 && (
        <p className="text-sm text-body/70">{t("admin.contacts.import.moreChanges", { number: hidden })}</p>
      )}
    </div>
  );
}
