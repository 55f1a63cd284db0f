import type { FastifyReply } from "fastify";
import { Readable } from "node:stream";

/**
 * The one CSV writer of every export (decision 052). Cells are written as
 * csv-stringify writes them by default (quoted only when they hold a comma, a
 * quote or a line break, quotes doubled), and no cell may start a formula.
 */

const MUST_QUOTE = /[",\r\n]/;

/**
 * What a spreadsheet may run as a formula: a cell starting with `=`, `+`, `-`
 * or `@` (or their full-width forms), also after leading spaces, which some
 * spreadsheets trim; and a cell starting with a tab or a carriage return,
 * which some read as the start of a formula or of a new cell.
 */
const FORMULA_START = /^(?:[\t\r]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/** Left as they are: plain numbers such as `-5` or `-12.50`, which a spreadsheet reads as the number. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

const wouldRun = (text: string) => FORMULA_START.test(text) && !PLAIN_NUMBER.test(text);

/** Text that a spreadsheet would run as a formula, defused with a leading apostrophe. */
export function defuseFormula(text: string): string {
  return wouldRun(text) ? `'${text}` : text;
}

/**
 * A cell as it was before `defuseFormula`, so that an exported file imports
 * again unchanged (a telephone number `+44 20 7946 0958` is exported as
 * `'+44 20 7946 0958`).
 */
export function restoreDefused(text: string): string {
  return text.startsWith("'") && wouldRun(text.slice(1)) ? text.slice(1) : text;
}

/**
 * One CSV cell: text as it is, other values as text (objects as JSON), a
 * cell that a spreadsheet would run as a formula defused, and quoted when it
 * holds a comma, a quote or a line break.
 */
export function csvCell(value: unknown): string {
  const text = defuseFormula(
    value === null || value === undefined
      ? ""
      : typeof value === "string"
        ? value
        : typeof value === "number" || typeof value === "boolean"
          ? String(value)
          : JSON.stringify(value),
  );
  return MUST_QUOTE.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export type CsvRow = readonly unknown[];

/** One CSV line of cells, ended by `eol`. */
export function csvLine(cells: CsvRow, eol = "\n"): string {
  return `${cells.map(csvCell).join(",")}${eol}`;
}

/**
 * A whole CSV file with a header row, for small files built in memory; the
 * byte order mark makes spreadsheets read it as UTF-8.
 */
export function csvFile(header: CsvRow, rows: readonly CsvRow[]): string {
  let text = `\uFEFF${csvLine(header, "\r\n")}`;
  for (const row of rows) text += csvLine(row, "\r\n");
  return text;
}

/**
 * A CSV export streamed batch by batch, so memory stays flat: the header,
 * then one chunk per batch (large chunks keep the download fast). The header
 * waits for the first batch: until something is sent, a failure can still be
 * answered with an error.
 */
export async function* csvStream(header: CsvRow, batches: AsyncIterable<readonly CsvRow[]>): AsyncGenerator<string> {
  let pending = csvLine(header);
  for await (const rows of batches) {
    let chunk = pending;
    pending = "";
    for (const row of rows) chunk += csvLine(row);
    yield chunk;
  }
  if (pending) yield pending;
}

/** Sends a streamed CSV export as a download. */
export function sendCsv(reply: FastifyReply, filename: string, chunks: AsyncIterable<string>) {
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${filename}"`)
    .send(Readable.from(chunks));
}
