import type { ImportResult } from "@cohort/common/contacts";
import type { ImportEnd, NumberedRow } from "../../shared/csv-import/send-in-batches";
import { IMPORT_BATCH_ROWS, sendInBatches } from "../../shared/csv-import/send-in-batches";
import type { ImportRow } from "./import-mapping";

export interface ImportOutcome {
  end: ImportEnd;
  /** What was done, with the rows the check refused counted as skipped. */
  result: ImportResult;
  /** Accepted rows sent and imported. */
  done: number;
  /** Accepted rows in the file. */
  total: number;
  /** Why the import ended early, when it failed. */
  error?: unknown;
}

/**
 * The rows the check found nothing wrong with. Refused rows (including a
 * repeated email) are left out, so that batches, which the server checks one
 * by one, do what the check of the whole file said.
 */
export function acceptedRows(rows: readonly ImportRow[], checked: ImportResult): NumberedRow<ImportRow>[] {
  const refused = new Set(checked.errors.map((error) => error.row));
  return rows.flatMap((data, index) => (refused.has(index + 1) ? [] : [{ row: index + 1, data }]));
}

export interface BatchedImportOptions {
  rows: readonly ImportRow[];
  /** The dry run of the same rows. */
  checked: ImportResult;
  send: (rows: ImportRow[]) => Promise<ImportResult>;
  onProgress: (done: number, total: number) => void;
  /** Asked before each batch after the first; true stops the import there. */
  shouldStop: () => boolean;
  batchSize?: number;
}

/** Imports the accepted rows in batches, adding up what each batch did. */
export async function runBatchedImport({
  rows,
  checked,
  send,
  onProgress,
  shouldStop,
  batchSize = IMPORT_BATCH_ROWS,
}: BatchedImportOptions): Promise<ImportOutcome> {
  const accepted = acceptedRows(rows, checked);
  const result: ImportResult = {
    created: 0,
    updated: 0,
    skipped: rows.length - accepted.length,
    tagsCreated: 0,
    errors: [...checked.errors],
    changes: [],
  };
  const ended = await sendInBatches(accepted, {
    onProgress,
    shouldStop,
    batchSize,
    send: async (batch) => {
      const answer = await send(batch.map((entry) => entry.data));
      result.created += answer.created;
      result.updated += answer.updated;
      result.skipped += answer.skipped;
      result.tagsCreated += answer.tagsCreated;
      for (const change of answer.changes) {
        result.changes.push({ ...change, row: batch[change.row - 1]?.row ?? change.row });
      }
      for (const error of answer.errors) {
        // The server numbers the rows of the batch; the person knows the file's.
        result.errors.push({ ...error, row: batch[error.row - 1]?.row ?? error.row });
      }
    },
  });
  result.errors.sort((a, b) => a.row - b.row);
  return { ...ended, result };
}
