import { useCallback, useRef, useState } from "react";

export type ImportRunState<Outcome> =
  | { phase: "idle" }
  | { phase: "running"; done: number; total: number; isStopping: boolean }
  | { phase: "finished"; outcome: Outcome };

/** What an import run is given: report progress, and ask whether to stop before the next batch. */
export type ImportRun<Outcome> = (
  onProgress: (done: number, total: number) => void,
  shouldStop: () => boolean,
) => Promise<Outcome>;

/**
 * The state of an import sent in batches (`sendInBatches`): its progress, a
 * way to stop after the batch under way, and its outcome. `onEnd` runs however
 * it ends, to refresh what it may have changed.
 */
export function useImportRun<Outcome>(onEnd: () => Promise<unknown>) {
  const [state, setState] = useState<ImportRunState<Outcome>>({ phase: "idle" });
  const stopRequested = useRef(false);
  const isRunning = useRef(false);

  const start = useCallback(
    async (run: ImportRun<Outcome>): Promise<Outcome | undefined> => {
      // A second click while the first import runs starts nothing.
      if (isRunning.current) return undefined;
      isRunning.current = true;
      stopRequested.current = false;
      const outcome = await run(
        (done, total) => setState({ phase: "running", done, total, isStopping: stopRequested.current }),
        () => stopRequested.current,
      );
      isRunning.current = false;
      setState({ phase: "finished", outcome });
      await onEnd();
      return outcome;
    },
    [onEnd],
  );

  const stop = useCallback(() => {
    stopRequested.current = true;
    setState((current) => (current.phase === "running" ? { ...current, isStopping: true } : current));
  }, []);

  const reset = useCallback(() => setState({ phase: "idle" }), []);

  return { state, start, stop, reset };
}
