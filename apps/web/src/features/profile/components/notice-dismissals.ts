/**
 * Which notices a person has dismissed, kept in this browser per contact
 * (decision 028). Only ids are kept, at most the most recent 100.
 */
const MAX_KEPT = 100;
const storageKey = (contactId: string) => `cohort.dismissedNotices.${contactId}`;

function read(contactId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(storageKey(contactId)) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

export function dismissedNotices(contactId: string): Set<string> {
  return new Set(read(contactId));
}

/** Remembers a dismissal and answers every dismissed id. Storage that refuses still hides it for now. */
export function dismissNotice(contactId: string, noticeId: string): Set<string> {
  const ids = [...read(contactId).filter((id) => id !== noticeId), noticeId].slice(-MAX_KEPT);
  try {
    window.localStorage.setItem(storageKey(contactId), JSON.stringify(ids));
  } catch {
    // Private windows may refuse; the notice stays hidden until the page reloads.
  }
  return new Set(ids);
}
