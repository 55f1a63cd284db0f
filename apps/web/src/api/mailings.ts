import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { paginatedSchema } from "@cohort/common/http";
import type { Locale } from "@cohort/common/i18n";
import type { CountRecipients, CreateMailing, Mailing, RecipientStatus, UpdateMailing } from "@cohort/common/mailings";
import {
  contactMailingSchema,
  mailingListSchema,
  mailingPreviewSchema,
  mailingRecipientSchema,
  mailingSchema,
  recipientCountsSchema,
} from "@cohort/common/mailings";
import { apiGet, apiSend } from "./client";

export const mailingKeys = {
  all: ["mailings"] as const,
  list: () => [...mailingKeys.all, "list"] as const,
  one: (id: string) => [...mailingKeys.all, "one", id] as const,
  recipients: (id: string, status: RecipientStatus | undefined) =>
    [...mailingKeys.all, "recipients", id, status] as const,
  count: (input: CountRecipients) => [...mailingKeys.all, "count", input] as const,
  preview: (id: string, email: string, locale: Locale | undefined) =>
    [...mailingKeys.all, "preview", id, email, locale] as const,
  ofContact: (contactId: string) => [...mailingKeys.all, "contact", contactId] as const,
};

/** The emails admins wrote, newest first. */
export const mailingsQueryOptions = queryOptions({
  queryKey: mailingKeys.list(),
  queryFn: ({ signal }) => apiGet("/mailing", mailingListSchema, { signal }),
});

/** One email with its progress; asks again every two seconds while it is being sent. */
export function mailingQueryOptions(id: string) {
  return queryOptions({
    queryKey: mailingKeys.one(id),
    queryFn: ({ signal }) => apiGet(`/mailing/${encodeURIComponent(id)}`, mailingSchema, { signal }),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === "sending" || status === "scheduled" ? 2000 : false;
    },
  });
}

/** How many would get it, and how many a marketing email passes over. */
export function recipientCountQueryOptions(input: CountRecipients) {
  return queryOptions({
    queryKey: mailingKeys.count(input),
    queryFn: ({ signal }) => apiSendParsed("POST", "/mailing/recipient-count", input, recipientCountsSchema, signal),
  });
}

export function mailingRecipientsQueryOptions(id: string, status: RecipientStatus | undefined) {
  return queryOptions({
    queryKey: mailingKeys.recipients(id, status),
    queryFn: ({ signal }) =>
      apiGet(`/mailing/${encodeURIComponent(id)}/recipients`, paginatedSchema(mailingRecipientSchema), {
        signal,
        query: { limit: 100, ...(status ? { status } : {}) },
      }),
  });
}

export function mailingPreviewQueryOptions(id: string, email: string, locale: Locale | undefined) {
  return queryOptions({
    queryKey: mailingKeys.preview(id, email, locale),
    queryFn: ({ signal }) =>
      apiGet(`/mailing/${encodeURIComponent(id)}/preview`, mailingPreviewSchema, {
        signal,
        query: { ...(email ? { email } : {}), ...(locale ? { locale } : {}) },
      }),
  });
}

/** The emails a contact was among the recipients of. */
export function contactMailingsQueryOptions(contactId: string) {
  return queryOptions({
    queryKey: mailingKeys.ofContact(contactId),
    queryFn: ({ signal }) =>
      apiGet(`/contact/${encodeURIComponent(contactId)}/mailings`, z.object({ items: z.array(contactMailingSchema) }), {
        signal,
      }),
  });
}

async function apiSendParsed<S extends z.ZodType>(
  method: "POST" | "PATCH",
  path: string,
  body: unknown,
  schema: S,
  signal?: AbortSignal,
): Promise<z.output<S>> {
  return schema.parse(await apiSend(method, path, body, signal ? { signal } : {}));
}

export const createMailing = (input: CreateMailing): Promise<Mailing> =>
  apiSendParsed("POST", "/mailing", input, mailingSchema);

export const updateMailing = (id: string, input: UpdateMailing): Promise<Mailing> =>
  apiSendParsed("PATCH", `/mailing/${encodeURIComponent(id)}`, input, mailingSchema);

export const sendMailing = (id: string, at?: string): Promise<Mailing> =>
  apiSendParsed("POST", `/mailing/${encodeURIComponent(id)}/send`, at ? { at } : {}, mailingSchema);

export const cancelMailing = (id: string): Promise<Mailing> =>
  apiSendParsed("POST", `/mailing/${encodeURIComponent(id)}/cancel`, undefined, mailingSchema);

export const sendTestMailing = (id: string): Promise<{ to: string }> =>
  apiSendParsed("POST", `/mailing/${encodeURIComponent(id)}/test`, undefined, z.object({ to: z.string() }));

export async function deleteMailing(id: string): Promise<void> {
  await apiSend("DELETE", `/mailing/${encodeURIComponent(id)}`);
}

/** From the link in an email; needs no login. */
export async function unsubscribeWithToken(token: string): Promise<void> {
  await apiSend("POST", `/unsubscribe/${encodeURIComponent(token)}`, {});
}
