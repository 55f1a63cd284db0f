import { useTranslation } from "react-i18next";
import { Select } from "../../../../../ui/select";
import { cellClass, headerCellClass, Table } from "../../../../../ui/table";
import type { ImportTarget, TargetMapping } from "./import-targets";
import { repeatedTargets } from "./import-targets";
import { useColumnName } from "./import-report";

interface TargetMappingTableProps {
  headers: readonly string[];
  records: readonly Record<string, string | undefined>[];
  targets: readonly ImportTarget[];
  mapping: TargetMapping;
  onChange: (mapping: TargetMapping) => void;
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

/** Which question (or guest detail) each CSV column answers; a target already chosen cannot be chosen again. */
export function TargetMappingTable({ headers, records, targets, mapping, onChange, errorId }: TargetMappingTableProps) {
  const { t } = useTranslation();
  const targetName = useColumnName(targets);
  const repeated = repeatedTargets(mapping);
  const columnName = (header: string, index: number) =>
    header.trim() || t("admin.contacts.import.unnamedColumn", { position: index + 1 });

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
            {t("adminResponses.import.target")}
          </th>
        </tr>
      </thead>
      <tbody>
        {headers.map((header, index) => {
          const chosen = mapping[index] ?? null;
          const sample = sampleValue(records, header);
          const hasError = chosen !== null && repeated.includes(chosen);
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
                  aria-label={t("adminResponses.import.targetFor", { column: columnName(header, index) })}
                  aria-describedby={hasError ? errorId : undefined}
                  onChange={(event) => {
                    const next = [...mapping];
                    next[index] = event.target.value || null;
                    onChange(next);
                  }}
                >
                  <option value={SKIP}>{t("admin.contacts.import.skipColumn")}</option>
                  {targets.map((target) => (
                    <option
                      key={target.column}
                      value={target.column}
                      disabled={target.column !== chosen && mapping.includes(target.column)}
                    >
                      {targetName(target.column)}
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
