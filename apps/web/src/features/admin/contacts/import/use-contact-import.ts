import { useCallback } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportResult } from "@cohort/common/contacts";
import { contactKeys } from "../../../../api/contacts";
import { segmentKeys } from "../../../../api/segments";
import { tagKeys } from "../../../../api/tags";
import type { ImportRow } from "./import-mapping";
import type { ImportOutcome } from "./batched-import";
import { runBatchedImport } from "./batched-import";
import { importContacts } from "./import-api";
import type { ImportRunState } from "../../shared/csv-import/use-import-run";
import { useImportRun } from "../../shared/csv-import/use-import-run";

/** Runs the import without changing anything, to preview its outcome. */
export function useImportCheck() {
  return useMutation({ mutationFn: (rows: ImportRow[]) => importContacts(rows, true) });
}

export type BatchedImport = ImportRunState<ImportOutcome>;

/**
 * Runs the import for real in batches, reporting how many rows are in; `stop`
 * ends it after the batch under way. Whatever ends it, the lists it may have
 * changed are refreshed.
 */
export function useBatchedImport() {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
        queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
      ]),
    [queryClient],
  );
  const run = useImportRun<ImportOutcome>(refresh);
  const { start: startRun } = run;
  const start = useCallback(
    (rows: readonly ImportRow[], checked: ImportResult) =>
      startRun((onProgress, shouldStop) =>
        runBatchedImport({ rows, checked, send: (batch) => importContacts(batch, false), onProgress, shouldStop }),
      ),
    [startRun],
  );
  return { ...run, start };
}
