import { useCallback, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportResult } from "@cohort/common/contacts";
import { contactKeys } from "../../../../api/contacts";
import { segmentKeys } from "../../../../api/segments";
import { tagKeys } from "../../../../api/tags";
import type { ImportRow } from "./import-mapping";
import type { ImportOutcome } from "./batched-import";
import { runBatchedImport } from "./batched-import";
import { importContacts } from "./import-api";

/** Runs the import without changing anything, to preview its outcome. */
export function useImportCheck() {
  return useMutation({ mutationFn: (rows: ImportRow[]) => importContacts(rows, true) });
}

export type BatchedImport =
  | { phase: "idle" }
  | { phase: "running"; done: number; total: number; isStopping: boolean }
  | { phase: "finished"; outcome: ImportOutcome };

/**
 * Runs the import for real in batches, reporting how many rows are in; `stop`
 * ends it after the batch under way. Whatever ends it, the lists it may have
 * changed are refreshed.
 */
export function useBatchedImport() {
  const queryClient = useQueryClient();
  const [state, setState] = useState<BatchedImport>({ phase: "idle" });
  const stopRequested = useRef(false);
  const isRunning = useRef(false);

  const start = useCallback(
    async (rows: readonly ImportRow[], checked: ImportResult): Promise<ImportOutcome | undefined> => {
      // A second click while the first import runs starts nothing.
      if (isRunning.current) return undefined;
      isRunning.current = true;
      stopRequested.current = false;
      const outcome = await runBatchedImport({
        rows,
        checked,
        send: (batch) => importContacts(batch, false),
        onProgress: (done, total) => setState({ phase: "running", done, total, isStopping: stopRequested.current }),
        shouldStop: () => stopRequested.current,
      });
      isRunning.current = false;
      setState({ phase: "finished", outcome });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: contactKeys.all }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
        queryClient.invalidateQueries({ queryKey: segmentKeys.all }),
      ]);
      return outcome;
    },
    [queryClient],
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
    setState((current) => (current.phase === "running" ? { ...current, isStopping: true } : current));
  }, []);

  const reset = useCallback(() => setState({ phase: "idle" }), []);

  return { state, start, stop, reset };
}
