import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import type {
  NewsletterConnectionTest,
  NewsletterReconciliation,
  NewsletterSettings,
  UpdateNewsletterSettings,
} from "@cohort/common/newsletter";
import { NEWSLETTER_CONNECTION_FIELDS } from "@cohort/common/newsletter";
import type { NewsletterStatus } from "@cohort/common/contacts";
import { API_PREFIX } from "@cohort/common/http";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import { AppError, forbidden } from "../../http/errors.js";
import { invalidField } from "../../http/parse.js";
import { applyInwardChange } from "./inward.js";
import * as queries from "./queries.js";
import { currentProvider, groupsOnOffer, RECONCILIATION_SILENT_MS, reconcile } from "./sync.js";
import { changesOf, recordActivity } from "../activity/service.js";

async function settingsRow(ctx: AppContext): Promise<queries.NewsletterSettingsRow> {
  await queries.insertSettingsIfMissing(ctx.db, randomBytes(24).toString("base64url"), ctx.clock.now());
  const row = await queries.findSettings(ctx.db);
  if (!row) throw new Error("newsletter settings are missing");
  return row;
}

function present(ctx: AppContext, row: queries.NewsletterSettingsRow, identity: Identity): NewsletterSettings {
  const superadmin = identity.roles.includes("superadmin");
  return {
    provider: row.provider,
    hasApiKey: Boolean(row.apiKey),
    apiUrl: row.apiUrl ?? "",
    listId: row.listId,
    activeMemberTag: row.activeMemberTag,
    lapsedMemberTag: row.lapsedMemberTag,
    // The secret is part of the address: only those who may change the connection see it.
    webhookUrl: superadmin ? `${ctx.config.appUrl}${API_PREFIX}/newsletter/webhook/${row.webhookSecret}` : "",
  };
}

export async function getNewsletterSettings(ctx: AppContext, identity: Identity): Promise<NewsletterSettings> {
  return present(ctx, await settingsRow(ctx), identity);
}

/**
 * Admins choose the groups and tags; where members' data goes (provider, key, address,
 * list) is a superadmin's choice, as an API key never is (decision 061).
 */
export async function updateNewsletterSettings(
  ctx: AppContext,
  identity: Identity,
  input: UpdateNewsletterSettings,
): Promise<NewsletterSettings> {
  const touchesConnection = NEWSLETTER_CONNECTION_FIELDS.some((field) => input[field] !== undefined);
  if (touchesConnection && !identity.roles.includes("superadmin")) throw forbidden();
  const row = await settingsRow(ctx);
  const provider = input.provider ?? row.provider;
  if (
    provider === "listmonk" &&
    input.listId !== undefined &&
    input.listId !== "" &&
    !/^\d{1,10}$/.test(input.listId)
  ) {
    throw invalidField("listId", { key: "adminValidation.newsletterListId" }, { rule: "listmonkListId" });
  }
  const changes = {
    ...(input.provider !== undefined ? { provider: input.provider } : {}),
    ...(input.apiKey !== undefined ? { apiKey: input.apiKey === "" ? null : input.apiKey } : {}),
    ...(input.apiUrl !== undefined ? { apiUrl: input.apiUrl === "" ? null : input.apiUrl } : {}),
    ...(input.listId !== undefined ? { listId: input.listId } : {}),
    ...(input.activeMemberTag !== undefined ? { activeMemberTag: input.activeMemberTag } : {}),
    ...(input.lapsedMemberTag !== undefined ? { lapsedMemberTag: input.lapsedMemberTag } : {}),
  };
  await queries.updateSettings(ctx.db, { ...changes, updatedAt: ctx.clock.now() });
  const recorded = changesOf(row, changes);
  if (Object.keys(recorded).length > 0) {
    await recordActivity(ctx, { kind: "settings.update", target: "newsletter", changes: recorded });
  }
  return getNewsletterSettings(ctx, identity);
}

export async function testNewsletterConnection(ctx: AppContext): Promise<NewsletterConnectionTest> {
  const provider = await currentProvider(ctx);
  return provider.test();
}

/** The webhook address's secret matches, compared in constant time. */
async function secretMatches(ctx: AppContext, given: string): Promise<boolean> {
  const row = await queries.findSettings(ctx.db);
  if (!row || row.provider === "none") return false;
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(row.webhookSecret));
}

export const badWebhookSecret = () =>
  new AppError("forbidden", { status: 403, message: "This webhook address is not known." });

/** Mailchimp checks a webhook address with a GET before it sends to it. */
export async function checkWebhookAddress(ctx: AppContext, secret: string): Promise<void> {
  if (!(await secretMatches(ctx, secret))) throw badWebhookSecret();
}

const text = (value: unknown, max = 200): string | undefined =>
  typeof value === "string" ? value.trim().slice(0, max) : undefined;

/**
 * A Mailchimp webhook (form fields such as `type` and `data[email]`): unsubscribe, cleaned,
 * subscribe (a confirmed double opt-in), profile and upemail change the contact with that
 * address; an address Cohort does not know, another list and other types are ignored.
 */
export async function receiveNewsletterWebhook(
  ctx: AppContext,
  secret: string,
  fields: Record<string, unknown>,
): Promise<{ applied: boolean }> {
  if (!(await secretMatches(ctx, secret))) throw badWebhookSecret();
  const row = await queries.findSettings(ctx.db);
  if (!row || row.provider !== "mailchimp") return { applied: false };
  const listId = text(fields["data[list_id]"]);
  if (listId !== undefined && listId !== row.listId) return { applied: false };
  const type = text(fields.type);
  const email = text(fields["data[email]"], 320);
  const statusOf: Record<string, NewsletterStatus> = {
    unsubscribe: "unsubscribed",
    cleaned: "cleaned",
    subscribe: "subscribed",
  };
  if (type && statusOf[type] && email) {
    return { applied: await applyInwardChange(ctx, { email, status: statusOf[type] }) };
  }
  if (type === "profile" && email) {
    const interests = text(fields["data[merges][INTERESTS]"], 5000);
    const labels = interests === undefined ? undefined : new Set(interests.split(",").map((label) => label.trim()));
    const firstname = text(fields["data[merges][FNAME]"]);
    const lastname = text(fields["data[merges][LNAME]"]);
    return {
      applied: await applyInwardChange(ctx, {
        email,
        ...(firstname !== undefined ? { firstname } : {}),
        ...(lastname !== undefined ? { lastname } : {}),
        ...(labels
          ? { groups: (await groupsOnOffer(ctx)).filter((group) => labels.has(group.label)).map((group) => group.id) }
          : {}),
      }),
    };
  }
  const oldEmail = text(fields["data[old_email]"], 320);
  const newEmail = text(fields["data[new_email]"], 320);
  if (type === "upemail" && oldEmail && newEmail && /^[^\s@]+@[^\s@]+$/.test(newEmail)) {
    return { applied: await applyInwardChange(ctx, { email: oldEmail, newEmail }) };
  }
  return { applied: false };
}

function presentReconciliation({
  heartbeatAt: _heartbeat,
  ...row
}: queries.ReconciliationRow): NewsletterReconciliation {
  return {
    ...row,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

/** Ends a reconciliation whose server copy died (no heartbeat for a while), so it blocks nothing. */
async function endSilentReconciliation(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  const ended = await queries.failSilentReconciliations(
    ctx.db,
    new Date(now.getTime() - RECONCILIATION_SILENT_MS),
    now,
    "Interrupted: the server running it stopped. Start it again.",
  );
  if (ended > 0) ctx.log.warn("a newsletter reconciliation whose server stopped was marked failed");
}

export async function latestNewsletterReconciliation(ctx: AppContext): Promise<NewsletterReconciliation | null> {
  await endSilentReconciliation(ctx);
  const row = await queries.latestReconciliation(ctx.db);
  return row ? presentReconciliation(row) : null;
}

/** Starts a full reconciliation in the background; one at a time. Answers it as it starts. */
export async function startNewsletterReconciliation(
  ctx: AppContext,
): Promise<{ reconciliation: NewsletterReconciliation; finished: Promise<void> }> {
  const provider = await currentProvider(ctx);
  if (provider.name === "none") {
    throw new AppError("newsletter-not-configured", { status: 409, message: "No newsletter provider is connected." });
  }
  await endSilentReconciliation(ctx);
  const id = ctx.newId();
  const now = ctx.clock.now();
  if (!(await queries.insertReconciliation(ctx.db, { id, status: "running", startedAt: now, heartbeatAt: now }))) {
    // One is running (here or on another server copy): answer that one.
    const latest = await queries.latestReconciliation(ctx.db);
    return { reconciliation: presentReconciliation(latest!), finished: Promise.resolve() };
  }
  // Read before the work begins: a small list can be reconciled before a later read.
  const row = await queries.latestReconciliation(ctx.db);
  const finished = reconcile(ctx, id).catch((error: unknown) =>
    ctx.log.error({ err: error }, "newsletter reconciliation failed"),
  );
  return { reconciliation: presentReconciliation(row!), finished };
}
