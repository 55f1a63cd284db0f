import type { ImportResult } from "@cohort/common/contacts";
import type { BatchesEnd } from "../../shared/csv-import/send-in-batches";
import { acceptedRows, fileRow, IMPORT_BATCH_ROWS, sendInBatches } from "../../shared/csv-import/send-in-batches";
import type { ImportRow } from "./import-mapping";

export interface ImportOutcome extends BatchesEnd {
  /** What was done, with the rows the check refused counted as skipped. */
  result: ImportResult;
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
        result.changes.push({ ...change, row: fileRow(batch, change.row) });
      }
      for (const error of answer.errors) {
        result.errors.push({ ...error, row: fileRow(batch, error.row) });
      }
    },
  });
  result.errors.sort((a, b) => a.row - b.row);
  return { ...ended, result };
}
