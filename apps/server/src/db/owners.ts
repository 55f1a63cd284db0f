import type { PgTable } from "drizzle-orm/pg-core";
import type * as schema from "./schema/index.js";

/** The name each table is exported under from `db/schema`. */
export type TableName = {
  [K in keyof typeof schema]: (typeof schema)[K] extends PgTable ? K : never;
}[keyof typeof schema];

/**
 * The one part of the server that writes each table (decision 083): a module
 * (`modules/<area>`), or a lower layer (`jobs`, `db`, `providers/<kind>`).
 * Only files of the owner insert, update or delete its rows, whether through
 * drizzle or in raw SQL; every other module asks the owner's service, inside
 * its transaction where it needs one. `test/module-boundaries.test.ts` reads
 * every source file of the server and fails on a write from anywhere else, and
 * the type below fails the build for a table without an owner.
 */
export const TABLE_OWNERS = {
  // People and what they hold: the contacts module creates a contact with its profile and contribution row.
  contacts: "modules/contacts",
  contactProfiles: "modules/contacts",
  contactRoles: "modules/contacts",
  contributions: "modules/contacts",
  contactMfa: "modules/auth",
  contactTags: "modules/tags",
  contactTagAssignments: "modules/tags",
  contributionReasons: "modules/contributions",
  // Signing in and proving who one is.
  sessions: "modules/auth",
  loginThrottle: "modules/auth",
  apiKeys: "modules/api-keys",
  setupTokens: "modules/setup",
  resetFlows: "modules/resets",
  throttleCounters: "modules/throttle",
  idempotencyKeys: "modules/idempotency",
  // Payments.
  payments: "modules/payments",
  providerEvents: "modules/payments",
  paymentFlows: "modules/contributions",
  joinFlows: "modules/signup",
  paymentEpisodes: "modules/recovery",
  // Callouts and what answers them.
  callouts: "modules/callouts",
  calloutVariants: "modules/callouts",
  calloutResponses: "modules/responses",
  calloutTags: "modules/responses",
  calloutResponseTags: "modules/responses",
  calloutResponseComments: "modules/responses",
  responseConfirmations: "modules/responses",
  calloutNotificationRecipients: "modules/responses",
  calloutResponseThresholds: "modules/responses",
  calloutFunnelCounters: "modules/responses",
  // Kept by the database's triggers on the responses (migration 0036): no code writes it.
  calloutResponseValues: "modules/responses",
  calloutReviewers: "modules/reviewers",
  uploadFlows: "modules/uploads",
  uploadedFiles: "modules/uploads",
  sampleCallouts: "modules/setup",
  captchaSolutions: "providers/captcha",
  serverSecrets: "providers/captcha",
  // Settings, texts and messages.
  content: "modules/content",
  segments: "modules/segments",
  notices: "modules/notices",
  emailOutbox: "modules/emails",
  emailTemplates: "modules/emails",
  mailings: "modules/mailings",
  mailingRecipients: "modules/mailings",
  sendRates: "modules/mailings",
  newsletterSettings: "modules/newsletter",
  newsletterSync: "modules/newsletter",
  newsletterReconciliations: "modules/newsletter",
  newsletterRemoteMembers: "modules/newsletter",
  activity: "modules/activity",
  webhookEndpoints: "modules/webhooks",
  webhookEvents: "modules/webhooks",
  webhookDeliveries: "modules/webhooks",
  // The layers below the modules.
  jobs: "jobs",
  jobRuns: "jobs",
  appSecrets: "db",
  dataUpgrades: "db",
} as const satisfies Record<TableName, string>;
