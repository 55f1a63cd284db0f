import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import type { InboxState } from "./inbox-state";
import { inboxStateToParams, parseInboxState } from "./inbox-state";

/**
 * The inbox's state, read from and written to the query string. Any change
 * other than the page itself goes back to the first page.
 */
export function useInboxState() {
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => parseInboxState(params), [params]);
  const update = useCallback(
    (change: Partial<InboxState>, options: { replace?: boolean } = {}) => {
      setParams((previous) => inboxStateToParams({ ...parseInboxState(previous), page: 1, ...change }), {
        replace: options.replace ?? false,
      });
    },
    [setParams],
  );
  return { state, search: params.toString(), update };
}
