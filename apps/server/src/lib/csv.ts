const MUST_QUOTE = /[",\r\n]/;
/** A spreadsheet would run a cell starting like a formula; such a cell gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell: text as it is, other values as text (objects as JSON), a
 * cell that a spreadsheet would run as a formula defused with a leading
 * apostrophe (plain numbers such as `-5` stay numbers), and quoted when it
 * holds a comma, a quote or a line break.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ""
      : typeof value === "string"
        ? value
        : typeof value === "number" || typeof value === "boolean"
          ? String(value)
          : JSON.stringify(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return MUST_QUOTE.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
