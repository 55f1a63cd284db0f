import { z } from "zod";

/** Where newsletter statuses and groups go: nowhere (they stay in Cohort), Mailchimp or listmonk. */
export const newsletterProviderNames = ["none", "mailchimp", "listmonk"] as const;
export type NewsletterProviderName = (typeof newsletterProviderNames)[number];

export const NEWSLETTER_LIMITS = {
  apiKey: 200,
  apiUrl: 500,
  listId: 100,
  groupId: 100,
  groupLabel: 100,
  groups: 50,
  tag: 100,
} as const;

/** A group members may pick (the join page's): the provider's interest (Mailchimp) or list (listmonk) id and its label. */
export const newsletterGroupSchema = z.object({
  id: z.string().trim().min(1).max(NEWSLETTER_LIMITS.groupId),
  label: z.string().trim().min(1).max(NEWSLETTER_LIMITS.groupLabel),
});
export type NewsletterGroup = z.infer<typeof newsletterGroupSchema>;

/** The settings as the settings page reads them; the key is never sent back, only whether one is set. */
export const newsletterSettingsSchema = z.object({
  provider: z.enum(newsletterProviderNames),
  hasApiKey: z.boolean(),
  apiUrl: z.string(),
  listId: z.string(),
  activeMemberTag: z.string(),
  lapsedMemberTag: z.string(),
  /** The address to give the provider for its webhooks (superadmins only; empty for others). */
  webhookUrl: z.string(),
});
export type NewsletterSettings = z.infer<typeof newsletterSettingsSchema>;

const httpUrl = z
  .string()
  .trim()
  .max(NEWSLETTER_LIMITS.apiUrl)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), { message: "Use an http:// or https:// address" });

/**
 * PATCH /newsletter/settings: the connection fields are for superadmins, the tags for admins.
 * The groups are the join page's (`/content/join/setup`): their ids are the provider's.
 */
export const updateNewsletterSettingsSchema = z
  .object({
    provider: z.enum(newsletterProviderNames).optional(),
    /** A new key; leaving it out keeps the stored one, an empty string removes it. */
    apiKey: z.string().trim().max(NEWSLETTER_LIMITS.apiKey).optional(),
    apiUrl: z.union([z.literal(""), httpUrl]).optional(),
    listId: z.string().trim().max(NEWSLETTER_LIMITS.listId).optional(),
    activeMemberTag: z.string().trim().min(1).max(NEWSLETTER_LIMITS.tag).optional(),
    lapsedMemberTag: z.string().trim().min(1).max(NEWSLETTER_LIMITS.tag).optional(),
  })
  .strict();
export type UpdateNewsletterSettings = z.infer<typeof updateNewsletterSettingsSchema>;

/** Fields only a superadmin may change: they decide where members' data goes. */
export const NEWSLETTER_CONNECTION_FIELDS = ["provider", "apiKey", "apiUrl", "listId"] as const;

/**
 * What a test of the connection found; `problem` says why not: `key` (refused), `list` (no
 * such list), `unreachable` or `not-configured`. `listName` is the list's name when it worked.
 */
export const newsletterConnectionTestSchema = z.object({
  ok: z.boolean(),
  problem: z.enum(["key", "list", "unreachable", "not-configured"]).optional(),
  listName: z.string().optional(),
});
export type NewsletterConnectionTest = z.infer<typeof newsletterConnectionTestSchema>;

/** A full reconciliation with the provider and how far it got. */
export const newsletterReconciliationSchema = z.object({
  id: z.string(),
  status: z.enum(["running", "done", "failed"]),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  total: z.number(),
  done: z.number(),
  /** Contacts whose copy at the provider differed and were sent again. */
  differed: z.number(),
  failed: z.number(),
  error: z.string().nullable(),
});
export type NewsletterReconciliation = z.infer<typeof newsletterReconciliationSchema>;
export const newsletterReconciliationAnswerSchema = z.object({
  reconciliation: newsletterReconciliationSchema.nullable(),
});
