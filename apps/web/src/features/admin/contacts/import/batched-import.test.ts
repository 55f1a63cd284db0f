import { describe, expect, it, vi } from "vitest";
import type { ImportResult } from "@cohort/common/contacts";
import { acceptedRows } from "../../shared/csv-import/send-in-batches";
import { runBatchedImport } from "./batched-import";
import type { ImportRow } from "./import-mapping";

const rows: ImportRow[] = Array.from({ length: 7 }, (_, index) => ({ email: `person${index + 1}@example.org` }));
/** The dry run found row 2 invalid and row 5 repeating row 1's email. */
const checked: ImportResult = {
  created: 4,
  updated: 1,
  skipped: 2,
  tagsCreated: 1,
  errors: [
    { row: 5, property: "email", message: "The same email is already in row 1" },
    { row: 2, property: "email", message: "Invalid email address" },
  ],
  changes: [{ row: 4, email: "person4@example.org", fields: [] }],
};

const answer = (created: number, updated: number, extra: Partial<ImportResult> = {}): ImportResult => ({
  created,
  updated,
  skipped: 0,
  tagsCreated: 0,
  errors: [],
  changes: [],
  ...extra,
});

describe("batched import", () => {
  it("leaves out the rows the check refused, keeping each row's number in the file", () => {
    expect(acceptedRows(rows, checked).map((entry) => entry.row)).toEqual([1, 3, 4, 6, 7]);
  });

  it("sends the accepted rows in batches, reports progress and adds up the answers", async () => {
    const send = vi
      .fn<(batch: ImportRow[]) => Promise<ImportResult>>()
      .mockResolvedValueOnce(
        answer(1, 1, { tagsCreated: 1, changes: [{ row: 2, email: "person3@example.org", fields: [] }] }),
      )
      .mockResolvedValueOnce(
        answer(1, 0, { skipped: 1, errors: [{ row: 2, property: "email", message: "Outranks you" }] }),
      )
      .mockResolvedValueOnce(answer(1, 0));
    const progress: [number, number][] = [];

    const outcome = await runBatchedImport({
      rows,
      checked,
      send,
      onProgress: (done, total) => progress.push([done, total]),
      shouldStop: () => false,
      batchSize: 2,
    });

    expect(send.mock.calls.map(([batch]) => batch.map((row) => row.email))).toEqual([
      ["person1@example.org", "person3@example.org"],
      ["person4@example.org", "person6@example.org"],
      ["person7@example.org"],
    ]);
    expect(progress).toEqual([
      [0, 5],
      [2, 5],
      [4, 5],
      [5, 5],
    ]);
    expect(outcome).toMatchObject({ end: "complete", done: 5, total: 5 });
    expect(outcome.result).toMatchObject({ created: 3, updated: 1, skipped: 3, tagsCreated: 1 });
    // The second batch's second row is row 6 of the file; all problems come in file order.
    expect(outcome.result.errors.map((error) => error.row)).toEqual([2, 5, 6]);
    // Changes too are numbered by the file's rows.
    expect(outcome.result.changes).toEqual([{ row: 3, email: "person3@example.org", fields: [] }]);
  });

  it("stops after the batch under way when asked", async () => {
    let stop = false;
    const send = vi.fn(async () => {
      stop = true;
      return answer(2, 0);
    });
    const outcome = await runBatchedImport({
      rows,
      checked,
      send,
      onProgress: () => undefined,
      shouldStop: () => stop,
      batchSize: 2,
    });
    expect(send).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ end: "stopped", done: 2, total: 5 });
    expect(outcome.result).toMatchObject({ created: 2, updated: 0 });
  });

  it("ends with what was done and the error when a batch fails", async () => {
    const failure = new Error("offline");
    const send = vi.fn<(batch: ImportRow[]) => Promise<ImportResult>>();
    send.mockResolvedValueOnce(answer(0, 2)).mockRejectedValueOnce(failure);
    const outcome = await runBatchedImport({
      rows,
      checked,
      send,
      onProgress: () => undefined,
      shouldStop: () => false,
      batchSize: 2,
    });
    expect(outcome).toMatchObject({ end: "failed", done: 2, total: 5, error: failure });
    expect(outcome.result).toMatchObject({ created: 0, updated: 2, skipped: 2 });
  });
});
