import { queryOptions } from "@tanstack/react-query";
import type { NewsletterConnectionTest, NewsletterSettings, UpdateNewsletterSettings } from "@cohort/common/newsletter";
import {
  newsletterConnectionTestSchema,
  newsletterReconciliationAnswerSchema,
  newsletterSettingsSchema,
} from "@cohort/common/newsletter";
import { apiGet, apiSend } from "./client";

export const newsletterKeys = {
  settings: ["newsletter", "settings"] as const,
  reconciliation: ["newsletter", "reconciliation"] as const,
};

export const newsletterSettingsQueryOptions = queryOptions({
  queryKey: newsletterKeys.settings,
  queryFn: ({ signal }): Promise<NewsletterSettings> =>
    apiGet("/newsletter/settings", newsletterSettingsSchema, { signal }),
});

export async function updateNewsletterSettings(changes: UpdateNewsletterSettings): Promise<NewsletterSettings> {
  return newsletterSettingsSchema.parse(await apiSend("PATCH", "/newsletter/settings", changes));
}

export async function testNewsletterConnection(): Promise<NewsletterConnectionTest> {
  return newsletterConnectionTestSchema.parse(await apiSend("POST", "/newsletter/settings/test"));
}

export const newsletterReconciliationQueryOptions = queryOptions({
  queryKey: newsletterKeys.reconciliation,
  queryFn: async ({ signal }) =>
    (await apiGet("/newsletter/reconciliation", newsletterReconciliationAnswerSchema, { signal })).reconciliation,
});

export async function startNewsletterReconciliation() {
  return newsletterReconciliationAnswerSchema.parse(await apiSend("POST", "/newsletter/reconciliation")).reconciliation;
}
