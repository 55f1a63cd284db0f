import type { QueryClient } from "@tanstack/react-query";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Login } from "@cohort/common/auth";
import type { Contact } from "@cohort/common/contacts";
import { sessionRead } from "@cohort/common/http";
import { apiRead, apiSend, sentSincePageOpened } from "./client";
import { hasStrings, isRecord, UnexpectedAnswerError } from "./read-body";

export const sessionKeys = {
  me: ["session", "me"] as const,
};

/** Checks what the shell relies on; every page loads the session, so this stays free of zod. */
function readSessionContact(body: unknown): Contact {
  if (isRecord(body) && hasStrings(body, ["id", "email", "firstname", "lastname"]) && Array.isArray(body.activeRoles)) {
    return body as Contact;
  }
  throw new UnexpectedAnswerError("contact");
}

/** Whether the server said the page was opened without a session cookie (see `NO_SESSION_META`). */
const openedWithoutSession = () =>
  typeof document !== "undefined" && document.querySelector('meta[name="cohort-session"][content="none"]') !== null;

/**
 * The logged-in contact, or null: any failure counts as logged out. A page opened without a
 * session cookie has nobody to ask about until it sends something that may start a session (a
 * login, a join, a reset…), so until then it does not ask (a 401 would log an error).
 */
export async function fetchSession(signal?: AbortSignal): Promise<Contact | null> {
  if (openedWithoutSession() && !sentSincePageOpened()) return null;
  try {
    return await apiRead(sessionRead.path, readSessionContact, { query: sessionRead.query, signal });
  } catch {
    return null;
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionKeys.me,
  queryFn: ({ signal }) => fetchSession(signal),
  staleTime: Infinity,
  gcTime: Infinity,
  retry: false,
});

/** The logged-in contact, or null when nobody is. */
export function useSession(): Contact | null {
  return useQuery(sessionQueryOptions).data ?? null;
}

/** Starts a session; rejects with a ClientError such as `requires-2fa`. */
export async function login(credentials: Login): Promise<void> {
  await apiSend("POST", "/auth/login", credentials);
}

export async function logout(): Promise<void> {
  await apiSend("POST", "/auth/logout");
}

/** Drops every cached answer that belongs to a person, keeping the session and the site settings. */
export function clearPersonalQueries(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !["session", "content"].includes(String(query.queryKey[0])) });
}
