/**
 * Every kind of staff action the activity record keeps (decision 070). A kind is
 * `<area>.<action>`; the web app names each one in every locale.
 */
export const activityKinds = [
  "contact.create",
  "contact.update",
  "contact.delete",
  "contact.bulk-update",
  "contact.bulk-delete",
  "contact.import",
  "role.put",
  "role.revoke",
  "contribution.update",
  "contribution.force",
  "contribution.cancel",
  "callout.create",
  "callout.update",
  "callout.publish",
  "callout.end",
  "callout.delete",
  "response.update",
  "response.bulk-update",
  "tag.create",
  "tag.update",
  "tag.delete",
  "response-tag.create",
  "response-tag.update",
  "response-tag.delete",
  "segment.create",
  "segment.update",
  "segment.delete",
  "notice.create",
  "notice.update",
  "notice.delete",
  "mailing.create",
  "mailing.update",
  "mailing.delete",
  "mailing.schedule",
  "mailing.send",
  "mailing.cancel",
  "response.import",
  "settings.update",
  "api-key.create",
  "api-key.delete",
  "webhook.create",
  "webhook.update",
  "webhook.delete",
  "export.contacts",
  "export.payments",
  "export.responses",
] as const;
export type ActivityKind = (typeof activityKinds)[number];

/** Kinds only superadmins see: settings, API keys and webhook endpoints. */
export const superadminActivityKinds: readonly ActivityKind[] = activityKinds.filter(
  (kind) => kind.startsWith("settings.") || kind.startsWith("api-key.") || kind.startsWith("webhook."),
);

export function isSuperadminActivity(kind: ActivityKind): boolean {
  return superadminActivityKinds.includes(kind);
}

/** A bulk action keeps at most this many of the ids it touched, beside their count. */
export const ACTIVITY_MAX_IDS = 1000;
/** A recorded value longer than this is cut; a list longer than `ACTIVITY_MAX_IDS` likewise. */
export const ACTIVITY_MAX_VALUE_LENGTH = 500;
/** What a secret field's value is recorded as: that it changed, never what it is. */
export const ACTIVITY_HIDDEN_VALUE = "[hidden]";
/** How long entries are kept unless ACTIVITY_RETENTION_DAYS says otherwise: two years. */
export const ACTIVITY_DEFAULT_RETENTION_DAYS = 730;
