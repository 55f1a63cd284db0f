import { MAX_IMPORT_ROWS } from "@cohort/common/contacts";

/** The server takes request bodies up to this size. */
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

export interface ParsedCsv {
  fileName: string;
  headers: string[];
  records: Record<string, string | undefined>[];
}

export type CsvProblem = "notCsv" | "tooLarge" | "empty" | "tooManyRows" | "unreadable";

export type ParseOutcome = { ok: true; csv: ParsedCsv } | { ok: false; problem: CsvProblem };

export function looksLikeCsv(file: Pick<File, "name" | "type">): boolean {
  return /\.(csv|txt)$/i.test(file.name) || /csv|text\/plain/i.test(file.type);
}

/** Reads CSV text with a header row; papaparse is loaded only when a file is chosen. */
export async function parseCsvText(text: string, fileName: string): Promise<ParseOutcome> {
  const { default: Papa } = await import("papaparse");
  const result = Papa.parse<Record<string, string | undefined>>(text.replace(/^\uFEFF/, ""), {
    header: true,
    skipEmptyLines: true,
  });
  const headers = result.meta.fields ?? [];
  if (headers.length === 0 || result.data.length === 0) return { ok: false, problem: "empty" };
  if (result.data.length > MAX_IMPORT_ROWS) return { ok: false, problem: "tooManyRows" };
  return { ok: true, csv: { fileName, headers, records: result.data } };
}

export async function parseCsvFile(file: File): Promise<ParseOutcome> {
  if (!looksLikeCsv(file)) return { ok: false, problem: "notCsv" };
  if (file.size > MAX_FILE_BYTES) return { ok: false, problem: "tooLarge" };
  let text: string;
  try {
    text = await file.text();
  } catch {
    return { ok: false, problem: "unreadable" };
  }
  return parseCsvText(text, file.name);
}
