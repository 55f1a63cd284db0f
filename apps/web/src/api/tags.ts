import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import type { ContactTag, CreateContactTag, UpdateContactTag } from "@cohort/common/tags";
import { contactTagListItemSchema, contactTagSchema } from "@cohort/common/tags";
import { apiGet, apiSend } from "./client";

export const tagKeys = {
  all: ["contact-tags"] as const,
  list: () => [...tagKeys.all, "list"] as const,
};

const tagListSchema = z.array(contactTagListItemSchema);

/** Every contact tag, sorted by name, with how many contacts carry it. */
export const contactTagsQueryOptions = queryOptions({
  queryKey: tagKeys.list(),
  queryFn: ({ signal }) => apiGet("/contact-tags", tagListSchema, { signal, query: { with: "contactCount" } }),
});

export async function createContactTag(input: CreateContactTag): Promise<ContactTag> {
  return contactTagSchema.parse(await apiSend("POST", "/contact-tags", input));
}

export async function updateContactTag(id: string, input: UpdateContactTag): Promise<ContactTag> {
  return contactTagSchema.parse(await apiSend("PATCH", `/contact-tags/${encodeURIComponent(id)}`, input));
}

export async function deleteContactTag(id: string): Promise<void> {
  await apiSend("DELETE", `/contact-tags/${encodeURIComponent(id)}`);
}
