const RELOAD_MARK = "cohort:preload-reload";
/** A second failure within this time is not retried: the reload did not help. */
const RETRY_WINDOW_MS = 30_000;

interface PreloadRecoveryOptions {
  storage?: Storage;
  reload?: () => void;
  now?: () => number;
}

/**
 * After a new release, an open tab may ask for page code that no longer
 * exists. Reload once to pick up the new files. Returns a function that stops listening.
 */
export function installPreloadRecovery({
  storage = window.sessionStorage,
  reload = () => window.location.reload(),
  now = Date.now,
}: PreloadRecoveryOptions = {}): () => void {
  const handlePreloadError = (event: Event) => {
    const last = Number(storage.getItem(RELOAD_MARK) ?? 0);
    if (now() - last < RETRY_WINDOW_MS) return;
    event.preventDefault();
    storage.setItem(RELOAD_MARK, String(now()));
    reload();
  };
  window.addEventListener("vite:preloadError", handlePreloadError);
  return () => window.removeEventListener("vite:preloadError", handlePreloadError);
}
