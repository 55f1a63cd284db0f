/**
 * Which answers the inbox shows as columns, per callout, remembered in this
 * browser. With no stored choice the first few inputs of the form show.
 */
export const DEFAULT_ANSWER_COLUMNS = 2;
/** More columns than this make the table unreadable; the picker stops there. */
export const MAX_ANSWER_COLUMNS = 6;

const storageKey = (calloutId: string) => `cohort.inbox.columns.${calloutId}`;

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    // Storage can be switched off; the choice then lasts for the page only.
    return null;
  }
}

/** The stored choice, limited to keys the form still has; null when none was made. */
export function readColumnChoice(calloutId: string, knownKeys: readonly string[]): string[] | null {
  const raw = storage()?.getItem(storageKey(calloutId));
  if (raw === null || raw === undefined) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return null;
    return parsed
      .filter((key): key is string => typeof key === "string" && knownKeys.includes(key))
      .slice(0, MAX_ANSWER_COLUMNS);
  } catch {
    return null;
  }
}

export function writeColumnChoice(calloutId: string, keys: readonly string[]): void {
  try {
    storage()?.setItem(storageKey(calloutId), JSON.stringify(keys.slice(0, MAX_ANSWER_COLUMNS)));
  } catch {
    // A full or blocked storage only loses the memory of the choice.
  }
}

/** The columns to show: the stored choice, else the first inputs of the form. */
export function initialColumns(calloutId: string, knownKeys: readonly string[]): string[] {
  return readColumnChoice(calloutId, knownKeys) ?? knownKeys.slice(0, DEFAULT_ANSWER_COLUMNS);
}
