import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { ContactListState } from "./list-state";
import { listStateToParams, parseListState } from "./list-state";

interface UpdateOptions {
  /** Replaces the history entry instead of adding one (for typing). */
  replace?: boolean;
}

/**
 * The contact list's state, read from and written to the query string so a
 * view can be shared and survives a reload. Any change other than the page
 * itself goes back to the first page.
 */
export function useListState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseListState(params), [params]);
  const update = useCallback(
    (change: Partial<ContactListState>, options: UpdateOptions = {}) => {
      setParams(
        (previous) => {
          const current = parseListState(previous);
          return listStateToParams({ ...current, page: 1, ...change });
        },
        { replace: options.replace ?? false },
      );
    },
    [setParams],
  );
  return { state, update };
}
