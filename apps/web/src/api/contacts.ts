import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type {
  BulkUpdateContacts,
  Contact,
  CreateContact,
  GetContactWith,
  PutRole,
  Role,
  RoleType,
  UpdateContact,
} from "@cohort/common/contacts";
import {
  bulkDeleteResultSchema,
  bulkUpdateResultSchema,
  contactListSchema,
  contactSchema,
  roleSchema,
} from "@cohort/common/contacts";
import type { ContactSortField, RuleGroup } from "@cohort/common/filters";
import { apiGet, apiSend } from "./client";

/** One page of the contact list, as the admin screens ask for it. */
export interface ContactListRequest {
  limit: number;
  offset: number;
  sort?: ContactSortField;
  order?: "ASC" | "DESC";
  rules?: RuleGroup;
  /** Lists the contacts of this segment, with `rules` on top of the segment's own. */
  segmentId?: string;
}

const listWith = ["roles", "tags"] as const satisfies readonly GetContactWith[];
const detailWith = ["profile", "roles", "tags", "contribution"] as const satisfies readonly GetContactWith[];

export const contactKeys = {
  all: ["contacts"] as const,
  lists: () => [...contactKeys.all, "list"] as const,
  list: (request: ContactListRequest) => [...contactKeys.lists(), request] as const,
  detail: (id: string) => [...contactKeys.all, "detail", id] as const,
};

export async function fetchContactList(request: ContactListRequest, signal?: AbortSignal) {
  const path = request.segmentId ? `/segments/${encodeURIComponent(request.segmentId)}/contacts` : "/contact";
  return apiGet(path, contactListSchema, {
    signal,
    query: {
      limit: request.limit,
      offset: request.offset,
      sort: request.sort,
      order: request.order,
      rules: request.rules ? JSON.stringify(request.rules) : undefined,
      with: listWith,
    },
  });
}

export function contactListQueryOptions(request: ContactListRequest) {
  return queryOptions({
    queryKey: contactKeys.list(request),
    queryFn: ({ signal }) => fetchContactList(request, signal),
    // The table keeps the previous page on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function contactQueryOptions(id: string) {
  return queryOptions({
    queryKey: contactKeys.detail(id),
    queryFn: ({ signal }) =>
      apiGet(`/contact/${encodeURIComponent(id)}`, contactSchema, { signal, query: { with: detailWith } }),
  });
}

export async function createContact(input: CreateContact): Promise<Contact> {
  return contactSchema.parse(await apiSend("POST", "/contact", input));
}

export async function updateContact(id: string, input: UpdateContact): Promise<Contact> {
  return contactSchema.parse(await apiSend("PATCH", `/contact/${encodeURIComponent(id)}`, input));
}

export async function deleteContact(id: string): Promise<void> {
  await apiSend("DELETE", `/contact/${encodeURIComponent(id)}`);
}

/** Adds or removes tags on every contact the rules match; answers how many matched. */
export async function bulkUpdateContacts(input: BulkUpdateContacts): Promise<number> {
  const { affected } = bulkUpdateResultSchema.parse(await apiSend("PATCH", "/contact", input));
  return Math.max(affected, 0);
}

/** Deletes every contact the rules match, except the caller and anyone who outranks them. */
export async function bulkDeleteContacts(rules: RuleGroup): Promise<{ deleted: number; skipped: number }> {
  return bulkDeleteResultSchema.parse(await apiSend("DELETE", "/contact", { rules }));
}

export async function putContactRole(id: string, role: RoleType, input: PutRole): Promise<Role> {
  return roleSchema.parse(await apiSend("PUT", `/contact/${encodeURIComponent(id)}/role/${role}`, input));
}

export async function deleteContactRole(id: string, role: RoleType): Promise<void> {
  await apiSend("DELETE", `/contact/${encodeURIComponent(id)}/role/${role}`);
}
