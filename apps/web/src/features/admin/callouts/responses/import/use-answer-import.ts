import { useCallback } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ResponseImportResult } from "@cohort/common/callouts";
import { adminCalloutKeys } from "../../../../../api/admin-callouts";
import { responseKeys } from "../../../../../api/callout-responses";
import type { BatchesEnd } from "../../../shared/csv-import/send-in-batches";
import { acceptedRows, fileRow, sendInBatches } from "../../../shared/csv-import/send-in-batches";
import { useImportRun } from "../../../shared/csv-import/use-import-run";
import { checkAnswers, importAnswers } from "./import-answers-api";
import type { AnswerImportRow } from "./import-targets";

export interface AnswerImportOutcome extends BatchesEnd {
  /** What went in, with the rows the check refused counted and listed. */
  result: ResponseImportResult;
}

/** Checks the rows without importing anything. */
export function useAnswerImportCheck(calloutId: string) {
  return useMutation({ mutationFn: (rows: AnswerImportRow[]) => checkAnswers(calloutId, rows) });
}

/** Imports the rows the check accepted, in batches, through the import progress that contacts use. */
export function useAnswerImport(calloutId: string) {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: responseKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminCalloutKeys.all }),
      ]),
    [queryClient],
  );
  const run = useImportRun<AnswerImportOutcome>(refresh);
  const { start: startRun } = run;
  const start = useCallback(
    (rows: readonly AnswerImportRow[], checked: ResponseImportResult) =>
      startRun(async (onProgress, shouldStop) => {
        const accepted = acceptedRows(rows, checked);
        const result: ResponseImportResult = {
          imported: 0,
          skipped: rows.length - accepted.length,
          errors: [...checked.errors],
        };
        const ended = await sendInBatches(accepted, {
          onProgress,
          shouldStop,
          send: async (batch) => {
            const answer = await importAnswers(
              calloutId,
              batch.map((entry) => entry.data),
            );
            result.imported += answer.imported;
            result.skipped += answer.skipped;
            for (const error of answer.errors) result.errors.push({ ...error, row: fileRow(batch, error.row) });
          },
        });
        result.errors.sort((a, b) => a.row - b.row);
        return { ...ended, result };
      }),
    [calloutId, startRun],
  );
  return { ...run, start };
}
