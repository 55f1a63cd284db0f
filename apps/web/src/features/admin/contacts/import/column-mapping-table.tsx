import { useTranslation } from "react-i18next";
import type { ContactImportField } from "@cohort/common/contacts";
import { contactImportFields } from "@cohort/common/contacts";
import { Select } from "../../../../ui/select";
import { cellClass, headerCellClass, Table } from "../../../../ui/table";
import { importFieldLabel, isImportField } from "./field-labels";
import type { ColumnMapping } from "./import-mapping";
import { mappingProblems } from "./import-mapping";

interface ColumnMappingTableProps {
  headers: readonly string[];
  records: readonly Record<string, string | undefined>[];
  mapping: ColumnMapping;
  onChange: (mapping: ColumnMapping) => void;
  /** The id of the element describing what is wrong with the mapping, if anything. */
  errorId: string;
}

const SKIP = "";

/** The first value a column has, to help recognise it. */
function sampleValue(records: readonly Record<string, string | undefined>[], header: string): string {
  for (const record of records.slice(0, 20)) {
    const value = record[header]?.trim();
    if (value) return value;
  }
  return "";
}

/** Which contact field each CSV column goes to; a field already chosen cannot be chosen again. */
export function ColumnMappingTable({ headers, records, mapping, onChange, errorId }: ColumnMappingTableProps) {
  const { t } = useTranslation();
  const problems = mappingProblems(mapping);
  const columnName = (header: string, index: number) =>
    header.trim() || t("admin.contacts.import.unnamedColumn", { position: index + 1 });

  const choose = (index: number, value: string) => {
    const next = [...mapping];
    next[index] = isImportField(value) ? value : null;
    onChange(next);
  };

  return (
    <Table caption={t("admin.contacts.import.mapCaption")}>
      <thead>
        <tr>
          <th scope="col" className={headerCellClass}>
            {t("admin.contacts.import.column")}
          </th>
          <th scope="col" className={`${headerCellClass} hidden sm:table-cell`}>
            {t("admin.contacts.import.example")}
          </th>
          <th scope="col" className={headerCellClass}>
            {t("admin.contacts.import.field")}
          </th>
        </tr>
      </thead>
      <tbody>
        {headers.map((header, index) => {
          const chosen = mapping[index] ?? null;
          const sample = sampleValue(records, header);
          const hasError = chosen !== null && problems.duplicates.includes(chosen);
          return (
            <tr key={`${index}-${header}`}>
              <th scope="row" className={`${cellClass} font-semibold break-all`}>
                {columnName(header, index)}
                {sample && <span className="block font-normal text-body/70 sm:hidden">{sample}</span>}
              </th>
              <td className={`${cellClass} hidden max-w-56 truncate text-body/70 sm:table-cell`} title={sample}>
                {sample}
              </td>
              <td className={`${cellClass} w-1/2 min-w-44`}>
                <Select
                  size="sm"
                  value={chosen ?? SKIP}
                  hasError={hasError}
                  aria-label={t("admin.contacts.import.fieldFor", { column: columnName(header, index) })}
                  aria-describedby={hasError ? errorId : undefined}
                  onChange={(event) => choose(index, event.target.value)}
                >
                  <option value={SKIP}>{t("admin.contacts.import.skipColumn")}</option>
                  {contactImportFields.map((field: ContactImportField) => (
                    <option key={field} value={field} disabled={field !== chosen && mapping.includes(field)}>
                      {importFieldLabel(t, field)}
                    </option>
                  ))}
                </Select>
              </td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
