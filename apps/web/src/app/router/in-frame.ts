/** True when the app runs inside a frame on some page. */
export function isInFrame(): boolean {
  // The server renders pages as they show in a window of their own.
  if (typeof window === "undefined") return false;
  try {
    return window.self !== window.top;
  } catch {
    // Reading the top window can fail across origins, which itself means a frame.
    return true;
  }
}
