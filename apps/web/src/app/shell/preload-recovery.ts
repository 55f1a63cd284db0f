const RELOAD_MARK = "cohort:preload-reload";
/** A second failure within this time is not retried: the reload did not help. */
const RETRY_WINDOW_MS = 30_000;

interface PreloadRecoveryOptions {
  /** Null where the browser keeps storage from the page (a frame on another site may get none). */
  storage?: Storage | null;
  reload?: () => void;
  now?: () => number;
}

/** This tab's session storage; null where the browser keeps it from the page. */
export function sessionStorageIfAllowed(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * After a new release, an open tab may ask for page code that no longer
 * exists. Reload once to pick up the new files. Returns a function that stops listening.
 */
export function installPreloadRecovery({
  storage = sessionStorageIfAllowed(),
  reload = () => window.location.reload(),
  now = Date.now,
}: PreloadRecoveryOptions = {}): () => void {
  const handlePreloadError = (event: Event) => {
    // Without a place to remember the reload, a failing release could reload forever.
    if (!storage) return;
    const last = Number(storage.getItem(RELOAD_MARK) ?? 0);
    if (now() - last < RETRY_WINDOW_MS) return;
    event.preventDefault();
    storage.setItem(RELOAD_MARK, String(now()));
    reload();
  };
  window.addEventListener("vite:preloadError", handlePreloadError);
  return () => window.removeEventListener("vite:preloadError", handlePreloadError);
}
