import { queryOptions } from "@tanstack/react-query";
import type { AccountExportFormat } from "@cohort/common/account";
import type { ContactMfa, IdentityProof } from "@cohort/common/auth";
import { contactMfaSchema, contactSessionListSchema } from "@cohort/common/auth";
import type { Contact, UpdateContact } from "@cohort/common/contacts";
import { contactSchema } from "@cohort/common/contacts";
import { apiGet, apiRequest, apiSend, apiUrl } from "./client";

export const accountKeys = {
  me: ["account", "me"] as const,
  mfa: (contactId: string) => ["account", "mfa", contactId] as const,
  sessions: ["account", "sessions"] as const,
};

/** The logged-in person with their profile, for the account page. */
export const accountQueryOptions = queryOptions({
  queryKey: accountKeys.me,
  queryFn: ({ signal }) => apiGet("/contact/me", contactSchema, { signal, query: { with: ["profile"] } }),
});

/** Changes one's own details; a new email waits for its link, a new password needs the current one. */
export async function updateOwnContact(input: UpdateContact): Promise<Contact> {
  return contactSchema.parse(await apiSend("PATCH", "/contact/me", input));
}

/** A contact's 2FA, or null when none is set up (`me` or an id an admin manages). */
export async function fetchMfa(contactId: string, signal?: AbortSignal): Promise<ContactMfa | null> {
  const body = await apiRequest("GET", `/contact/${encodeURIComponent(contactId)}/mfa`, { signal });
  return body === undefined || body === null ? null : contactMfaSchema.parse(body);
}

export function mfaQueryOptions(contactId: string) {
  return queryOptions({ queryKey: accountKeys.mfa(contactId), queryFn: ({ signal }) => fetchMfa(contactId, signal) });
}

export async function enableOwnMfa(secret: string, token: string): Promise<void> {
  await apiSend("POST", "/contact/me/mfa", { secret, token, type: "totp" });
}

/** People turning off their own 2FA give their password and a current code; admins removing someone else's do not. */
export async function removeMfa(contactId: string, proof: IdentityProof = {}): Promise<void> {
  await apiSend("DELETE", `/contact/${encodeURIComponent(contactId)}/mfa`, { type: "totp", ...proof });
}

/** Where the browser downloads the person's own data from (a plain link: the session cookie is enough). */
export function ownDataExportUrl(format: AccountExportFormat): string {
  return apiUrl("/contact/me/export", { format });
}

/** Where the person is logged in, most recently used first, this browser marked (decision 051). */
export const ownSessionsQueryOptions = queryOptions({
  queryKey: accountKeys.sessions,
  queryFn: ({ signal }) => apiGet("/contact/me/session", contactSessionListSchema, { signal }),
});

/** Logs out one of the person's own sessions, named by the id the list gave. */
export async function endOwnSession(sessionId: string): Promise<void> {
  await apiSend("DELETE", `/contact/me/session/${encodeURIComponent(sessionId)}`);
}

/** Logs out every session of the person but this browser's. */
export async function endOtherOwnSessions(): Promise<void> {
  await apiSend("DELETE", "/contact/me/session");
}
