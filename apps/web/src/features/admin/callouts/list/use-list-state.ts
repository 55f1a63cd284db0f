import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { CalloutListState } from "./list-state";
import { listStateToParams, parseListState } from "./list-state";

/**
 * The callout list's state, read from and written to the query string. Any
 * change other than the page itself goes back to the first page.
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params), [params]);
  const update = useCallback(
    (change: Partial<CalloutListState>, options: { replace?: boolean } = {}) => {
      setParams((previous) => listStateToParams({ ...parseListState(previous), page: 1, ...change }), {
        replace: options.replace ?? false,
      });
    },
    [setParams],
  );
  return { state, update };
}
