import { queryOptions } from "@tanstack/react-query";
import type {
  NewsletterConnectionTest,
  NewsletterSettings,
  UpdateNewsletterSettings,
  UpdateOwnNewsletter,
} from "@cohort/common/newsletter";
import {
  newsletterConnectionTestSchema,
  newsletterGroupsSchema,
  newsletterReconciliationAnswerSchema,
  newsletterSettingsSchema,
  ownNewsletterSchema,
} from "@cohort/common/newsletter";
import { apiGet, apiSend } from "./client";

export const newsletterKeys = {
  settings: ["newsletter", "settings"] as const,
  reconciliation: ["newsletter", "reconciliation"] as const,
  groups: ["newsletter", "groups"] as const,
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

/** The groups members may pick. */
export const newsletterGroupsQueryOptions = queryOptions({
  queryKey: newsletterKeys.groups,
  queryFn: async ({ signal }) => (await apiGet("/newsletter/groups", newsletterGroupsSchema, { signal })).groups,
});

export async function updateOwnNewsletter(input: UpdateOwnNewsletter) {
  return ownNewsletterSchema.parse(await apiSend("PATCH", "/newsletter/me", input));
}
