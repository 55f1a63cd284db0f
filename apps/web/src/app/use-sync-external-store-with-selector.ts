/*
 * What `use-sync-external-store/shim/with-selector` resolves to (see `resolve.alias` in
 * vite.config.ts): the package's CommonJS file would load React itself, not Preact's layer
 * (decision 043). Tiptap's React bindings read the editor's state through it.
 */
import { useMemo, useSyncExternalStore } from "react";

/** A snapshot's selection, computed again only when the snapshot changes and kept when it is equal. */
function selectionReader<Snapshot, Selection>(
  getSnapshot: () => Snapshot,
  selector: (snapshot: Snapshot) => Selection,
  isEqual: ((a: Selection, b: Selection) => boolean) | undefined,
): () => Selection {
  let last: { snapshot: Snapshot; selection: Selection } | undefined;
  return () => {
    const snapshot = getSnapshot();
    if (last && Object.is(last.snapshot, snapshot)) return last.selection;
    const selection = selector(snapshot);
    last = { snapshot, selection: last && isEqual?.(last.selection, selection) ? last.selection : selection };
    return last.selection;
  };
}

/**
 * `useSyncExternalStore` with a selector: the component gets `selector(snapshot)`, and the same
 * selection as long as the snapshot is the same or `isEqual` finds the new selection equal.
 */
export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: (() => Snapshot) | undefined,
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const getSelection = useMemo(() => selectionReader(getSnapshot, selector, isEqual), [getSnapshot, selector, isEqual]);
  const getServerSelection = getServerSnapshot ? () => selector(getServerSnapshot()) : undefined;
  return useSyncExternalStore(subscribe, getSelection, getServerSelection);
}
