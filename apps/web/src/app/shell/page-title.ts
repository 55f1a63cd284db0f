import { useEffect, useSyncExternalStore } from "react";

/*
 * A page whose title is its content (a callout's) names it here; the route's generic title
 * ("Callout") is the fallback. Tabs, bookmarks and the history then show what the page is about,
 * as the title the server put in the page's head for link previews already did.
 */
let ownTitle: string | undefined;
const listeners = new Set<() => void>();

function setOwnTitle(title: string | undefined): void {
  ownTitle = title;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Names the open page by its content while it is shown; nothing while `title` is not known yet. */
export function usePageTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return undefined;
    setOwnTitle(title);
    return () => setOwnTitle(undefined);
  }, [title]);
}

/** The title the open page gave itself, if any. */
export function useOwnPageTitle(): string | undefined {
  return useSyncExternalStore(subscribe, () => ownTitle);
}
