import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { EmailTemplate, UpdateEmailTemplate } from "@cohort/common/emails";
import { emailTemplateSchema, outboxEmailDetailSchema, outboxEmailSchema } from "@cohort/common/emails";
import { paginatedSchema } from "@cohort/common/http";
import type { Locale } from "@cohort/common/i18n";
import { apiGet, apiSend } from "./client";

const outboxPageSchema = paginatedSchema(outboxEmailSchema);

export const emailKeys = {
  all: ["emails"] as const,
  outbox: (page: { limit: number; offset: number }) => [...emailKeys.all, "outbox", page] as const,
  outboxEmail: (id: string) => [...emailKeys.all, "outbox-email", id] as const,
  template: (id: string, locale: Locale) => [...emailKeys.all, "template", id, locale] as const,
};

/** One page of the outbox, newest first. */
export function outboxQueryOptions(page: { limit: number; offset: number }) {
  return queryOptions({
    queryKey: emailKeys.outbox(page),
    queryFn: ({ signal }) => apiGet("/email-outbox", outboxPageSchema, { signal, query: page }),
    placeholderData: keepPreviousData,
  });
}

/** One email of the outbox with its text and HTML. */
export function outboxEmailQueryOptions(id: string) {
  return queryOptions({
    queryKey: emailKeys.outboxEmail(id),
    queryFn: ({ signal }) => apiGet(`/email-outbox/${encodeURIComponent(id)}`, outboxEmailDetailSchema, { signal }),
  });
}

/** An email's wording in one locale: the admin's own, or the text it falls back to. */
export function emailTemplateQueryOptions(id: string, locale: Locale) {
  return queryOptions({
    queryKey: emailKeys.template(id, locale),
    queryFn: ({ signal }) =>
      apiGet(`/email/${encodeURIComponent(id)}`, emailTemplateSchema, { signal, query: { locale } }),
  });
}

export async function saveEmailTemplate(
  id: string,
  locale: Locale,
  input: UpdateEmailTemplate,
): Promise<EmailTemplate> {
  return emailTemplateSchema.parse(
    await apiSend("PUT", `/email/${encodeURIComponent(id)}`, input, { query: { locale } }),
  );
}

/** Drops the admin's wording for one locale; answers with the text that applies again. */
export async function resetEmailTemplate(id: string, locale: Locale): Promise<EmailTemplate> {
  return emailTemplateSchema.parse(
    await apiSend("DELETE", `/email/${encodeURIComponent(id)}`, undefined, { query: { locale } }),
  );
}
