import { useTranslation } from "react-i18next";
import type { ResponseImportError, ResponseImportResult } from "@cohort/common/callouts";
import { GUEST_EMAIL_COLUMN, GUEST_NAME_COLUMN } from "@cohort/common/callouts";
import { issueText } from "../../../../callouts";
import { cellClass, headerCellClass, Table } from "../../../../../ui/table";
import { CountTiles } from "../../../shared/csv-import/count-tiles";
import type { AnswerImportRow, ImportTarget } from "./import-targets";

/** Refused rows shown at most; the rest are counted. */
export const MAX_REFUSALS_SHOWN = 20;
/** Rows of the file shown in the preview. */
export const PREVIEW_ROWS = 5;

/** The name of a column in the person's words: the input's label, a guest detail, or the column as the server named it. */
export function useColumnName(targets: readonly ImportTarget[]) {
  const { t } = useTranslation();
  return (column: string): string => {
    if (column === GUEST_EMAIL_COLUMN) return t("adminResponses.import.guestEmail");
    if (column === GUEST_NAME_COLUMN) return t("adminResponses.import.guestName");
    if (column === "answers") return t("adminResponses.import.allAnswers");
    return targets.find((target) => target.column === column)?.label ?? column;
  };
}

/** How many rows go in (or went in, once `isDone`) and how many are refused. */
export function ImportTally({ result, isDone = false }: { result: ResponseImportResult; isDone?: boolean }) {
  const { t } = useTranslation();
  const counts = [
    {
      key: "imported",
      label: t(isDone ? "adminResponses.import.counts.done" : "adminResponses.import.counts.imported"),
      value: result.imported,
    },
    { key: "skipped", label: t("adminResponses.import.counts.skipped"), value: result.skipped },
  ];
  return <CountTiles counts={counts} className="grid-cols-2" />;
}

function useReasonText() {
  const { t } = useTranslation();
  return (error: ResponseImportError) =>
    issueText(t, { code: error.reason, ...(error.params ? { params: error.params } : {}) });
}

interface RefusalsTableProps {
  errors: readonly ResponseImportError[];
  targets: readonly ImportTarget[];
}

/** The refused rows: row number, column and reason, capped with a count of the rest. */
export function RefusalsTable({ errors, targets }: RefusalsTableProps) {
  const { t } = useTranslation();
  const columnName = useColumnName(targets);
  const reasonText = useReasonText();
  const shown = errors.slice(0, MAX_REFUSALS_SHOWN);
  const hidden = errors.length - shown.length;
  return (
    <div className="space-y-2">
      <Table caption={t("adminResponses.import.refusedCaption")} className="rounded-xl ring-1 ring-black/5">
        <thead>
          <tr>
            <th scope="col" className={headerCellClass}>
              {t("adminResponses.import.row")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("adminResponses.import.column")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("adminResponses.import.reason")}
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((error, index) => (
            <tr key={`${error.row}-${error.column}-${index}`} data-reason={error.reason}>
              <td className={`${cellClass} tabular-nums`}>{error.row}</td>
              <td className={`${cellClass} break-words`}>{columnName(error.column)}</td>
              <td className={`${cellClass} min-w-44`}>{reasonText(error)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
      {hidden > 0 && (
        <p className="text-sm text-body/70">{t("adminResponses.import.moreRefused", { number: hidden })}</p>
      )}
    </div>
  );
}

interface RowsPreviewProps {
  rows: readonly AnswerImportRow[];
  columns: readonly string[];
  errors: readonly ResponseImportError[];
  targets: readonly ImportTarget[];
}

/** The first rows as they will be read, each with what is wrong with it first, then its cells. */
export function RowsPreview({ rows, columns, errors, targets }: RowsPreviewProps) {
  const { t } = useTranslation();
  const columnName = useColumnName(targets);
  const reasonText = useReasonText();
  return (
    <Table caption={t("adminResponses.import.previewCaption")} className="rounded-xl ring-1 ring-black/5">
      <thead>
        <tr>
          <th scope="col" className={headerCellClass}>
            {t("adminResponses.import.row")}
          </th>
          <th scope="col" className={headerCellClass}>
            {t("adminResponses.import.status")}
          </th>
          {columns.map((column) => (
            <th key={column} scope="col" className={headerCellClass}>
              {columnName(column)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.slice(0, PREVIEW_ROWS).map((row, index) => {
          const problems = errors.filter((error) => error.row === index + 1);
          return (
            <tr key={index}>
              <td className={`${cellClass} tabular-nums`}>{index + 1}</td>
              <td className={`${cellClass} min-w-52`}>
                {problems.length === 0 ? (
                  <span className="text-success-text">{t("adminResponses.import.rowOk")}</span>
                ) : (
                  <ul className="space-y-0.5 text-danger-text">
                    {problems.map((problem, at) => (
                      <li key={at}>
                        {columnName(problem.column)}: {reasonText(problem)}
                      </li>
                    ))}
                  </ul>
                )}
              </td>
              {columns.map((column) => (
                <td key={column} className={`${cellClass} max-w-40 truncate`} title={row[column]}>
                  {row[column]}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
