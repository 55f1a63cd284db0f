import { queryOptions } from "@tanstack/react-query";
import type { AccountExportFormat } from "@cohort/common/account";
import type { ContactMfa } from "@cohort/common/auth";
import { contactMfaSchema } from "@cohort/common/auth";
import type { Contact, UpdateContact } from "@cohort/common/contacts";
import { contactSchema } from "@cohort/common/contacts";
import { apiGet, apiRequest, apiSend, apiUrl } from "./client";

export const accountKeys = {
  me: ["account", "me"] as const,
  mfa: (contactId: string) => ["account", "mfa", contactId] as const,
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

/** People turning off their own 2FA give a current code; admins removing someone else's do not. */
export async function removeMfa(contactId: string, token?: string): Promise<void> {
  await apiSend("DELETE", `/contact/${encodeURIComponent(contactId)}/mfa`, {
    type: "totp",
    ...(token ? { token } : {}),
  });
}

/** Where the browser downloads the person's own data from (a plain link: the session cookie is enough). */
export function ownDataExportUrl(format: AccountExportFormat): string {
  return apiUrl("/contact/me/export", { format });
}
