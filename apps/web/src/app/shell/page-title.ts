import { useEffect, useSyncExternalStore } from "react";

/*
 * A page whose title is its content (a callout's, a contact's name, a response's number) names it
 * here; the route's generic title ("Callout") is the fallback. Tabs, bookmarks and the history then
 * show what the page is about, as the title the server put in the page's head for link previews
 * already did. A page inside another (a response inside its callout) gives a deeper `level`, so its
 * title wins over the outer page's whichever effect runs last.
 */
const titles = new Map<symbol, { title: string; level: number }>();
let ownTitle: string | undefined;
const listeners = new Set<() => void>();

function changed(): void {
  let best: { title: string; level: number } | undefined;
  for (const entry of titles.values()) if (!best || entry.level >= best.level) best = entry;
  ownTitle = best?.title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the open page by its content while it is shown; nothing while `title` is not known yet. */
export function usePageTitle(title: string | undefined, level = 0): void {
  useEffect(() => {
    if (!title) return undefined;
    const key = Symbol(title);
    titles.set(key, { title, level });
    changed();
    return () => {
      titles.delete(key);
      changed();
    };
  }, [title, level]);
}

/** The title the open page gave itself, if any. */
export function useOwnPageTitle(): string | undefined {
  return useSyncExternalStore(subscribe, () => ownTitle);
}
