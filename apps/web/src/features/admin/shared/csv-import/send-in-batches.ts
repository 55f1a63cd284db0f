/** Rows sent per request: about a second of work each on a small server. */
export const IMPORT_BATCH_ROWS = 1_000;

/** A row the check accepted, with its 1-based number in the file. */
export interface NumberedRow<Row> {
  row: number;
  data: Row;
}

/**
 * The rows the check refused nothing in, each with its number in the file.
 * Refused rows are left out, so that batches, which the server checks one by
 * one, do what the check of the whole file said.
 */
export function acceptedRows<Row>(
  rows: readonly Row[],
  checked: { errors: readonly { row: number }[] },
): NumberedRow<Row>[] {
  const refused = new Set(checked.errors.map((error) => error.row));
  return rows.flatMap((data, index) => (refused.has(index + 1) ? [] : [{ row: index + 1, data }]));
}

/** A row the server numbered within a batch, as the file numbers it: the person knows the file's. */
export function fileRow(batch: readonly NumberedRow<unknown>[], row: number): number {
  return batch[row - 1]?.row ?? row;
}

export type ImportEnd = "complete" | "stopped" | "failed";

export interface BatchesEnd {
  end: ImportEnd;
  /** Rows sent and imported. */
  done: number;
  total: number;
  /** Why the import ended early, when it failed. */
  error?: unknown;
}

export interface SendInBatchesOptions<Row> {
  /** Sends one batch; what it answers is for the caller to add up. */
  send: (batch: NumberedRow<Row>[]) => Promise<void>;
  onProgress: (done: number, total: number) => void;
  /** Asked before each batch after the first; true stops the import there. */
  shouldStop: () => boolean;
  batchSize?: number;
}

/**
 * Sends accepted rows in batches, one request at a time, reporting progress
 * after each: the import progress of every CSV import (contacts, answers).
 */
export async function sendInBatches<Row>(
  accepted: readonly NumberedRow<Row>[],
  { send, onProgress, shouldStop, batchSize = IMPORT_BATCH_ROWS }: SendInBatchesOptions<Row>,
): Promise<BatchesEnd> {
  const total = accepted.length;
  let done = 0;
  onProgress(done, total);
  while (done < total) {
    if (done > 0 && shouldStop()) return { end: "stopped", done, total };
    const batch = accepted.slice(done, done + batchSize);
    try {
      await send(batch);
    } catch (error) {
      return { end: "failed", done, total, error };
    }
    done += batch.length;
    onProgress(done, total);
  }
  return { end: "complete", done, total };
}
