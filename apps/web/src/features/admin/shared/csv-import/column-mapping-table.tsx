import { useTranslation } from "react-i18next";
import { Select } from "../../../../ui/select";
import { cellClass, headerCellClass, Table } from "../../../../ui/table";

/** Where a column can go: a contact field, a callout's question… */
export interface ColumnChoice {
  value: string;
  label: string;
}

interface ColumnMappingTableProps {
  headers: readonly string[];
  records: readonly Record<string, string | undefined>[];
  choices: readonly ColumnChoice[];
  /** For each column, in order, the value of its choice or null when it is left out. */
  mapping: readonly (string | null)[];
  onChange: (mapping: (string | null)[]) => void;
  /** Choices made for more than one column: their selects are marked. */
  repeated: readonly string[];
  /** The heading over the selects, and each select's name. */
  choiceHeading: string;
  selectLabel: (column: string) => string;
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

/** Where each CSV column goes, with its first value; a choice already made for one column cannot be made again. */
export function ColumnMappingTable({
  headers,
  records,
  choices,
  mapping,
  onChange,
  repeated,
  choiceHeading,
  selectLabel,
  errorId,
}: ColumnMappingTableProps) {
  const { t } = useTranslation();
  const columnName = (header: string, index: number) =>
    header.trim() || t("admin.contacts.import.unnamedColumn", { position: index + 1 });

  const choose = (index: number, value: string) => {
    const next = [...mapping];
    next[index] = choices.some((choice) => choice.value === value) ? value : null;
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
            {choiceHeading}
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
                  aria-label={selectLabel(columnName(header, index))}
                  aria-describedby={hasError ? errorId : undefined}
                  onChange={(event) => choose(index, event.target.value)}
                >
                  <option value={SKIP}>{t("admin.contacts.import.skipColumn")}</option>
                  {choices.map((choice) => (
                    <option
                      key={choice.value}
                      value={choice.value}
                      disabled={choice.value !== chosen && mapping.includes(choice.value)}
                    >
                      {choice.label}
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
