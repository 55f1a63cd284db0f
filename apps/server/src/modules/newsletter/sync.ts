import type { AppContext } from "../../context.js";
import { outgoingFor } from "../../lib/outgoing.js";
import {
  createNewsletterProvider,
  ListmonkProvider,
  noNewsletterProvider,
  type MembershipState,
  type NewsletterMember,
  type NewsletterProvider,
} from "../../providers/newsletter/index.js";
import type { NewsletterGroup } from "@cohort/common/newsletter";
import { getJoinSetupContent } from "../content/service.js";
import { enqueueJob, type JobHandler } from "../../jobs/queue.js";
import { applyInwardChange } from "./inward.js";
import * as queries from "./queries.js";

/** How many contacts one step sends. */
export const SYNC_BATCH = 50;
/** How long a step may hold its contacts before another copy may take them. */
const LEASE_MS = 5 * 60_000;
/** Waits after failures: 30 s, 1 min, 2 min … at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.min(attempts, 20), 6 * 3600_000);
}

/** The groups the join page offers; their ids are the provider's interest (Mailchimp) or list (listmonk) ids. */
export async function groupsOnOffer(ctx: AppContext): Promise<NewsletterGroup[]> {
  return (await getJoinSetupContent(ctx)).newsletterGroups.map(({ id, label }) => ({ id, label }));
}

/** The provider the stored settings choose, or none. */
export async function currentProvider(ctx: AppContext): Promise<NewsletterProvider> {
  const settings = await queries.findSettings(ctx.db);
  if (!settings || settings.provider === "none") return noNewsletterProvider;
  return createNewsletterProvider(
    {
      provider: settings.provider,
      apiKey: settings.apiKey ?? "",
      apiUrl: settings.apiUrl ?? "",
      listId: settings.listId,
      groups: await groupsOnOffer(ctx),
      activeMemberTag: settings.activeMemberTag,
      lapsedMemberTag: settings.lapsedMemberTag,
    },
    { request: outgoingFor(ctx.config.outgoingAllow).request, mailchimpApiUrl: ctx.config.newsletter.mailchimpApiUrl },
  );
}

/** A contact's membership at `now`, and when that changes next (null: never by itself). */
export function membershipAt(
  state: Pick<queries.ContactNewsletterState, "memberAdded" | "memberExpires">,
  now: Date,
): { membership: MembershipState; changesAt: Date | null } {
  const { memberAdded, memberExpires } = state;
  if (!memberAdded) return { membership: "none", changesAt: null };
  if (memberAdded > now) return { membership: "none", changesAt: memberAdded };
  if (memberExpires && memberExpires < now) return { membership: "lapsed", changesAt: null };
  // Active until the end of its last day (roleIsActive compares with ≥).
  return { membership: "active", changesAt: memberExpires ? new Date(memberExpires.getTime() + 1) : null };
}

export function memberOf(state: queries.ContactNewsletterState, now: Date): NewsletterMember {
  return {
    email: state.email,
    firstname: state.firstname,
    lastname: state.lastname,
    status: state.status,
    groups: state.groups,
    membership: membershipAt(state, now).membership,
  };
}

/**
 * Sends up to `limit` due contacts, each as it is now; answers how many were due. A
 * failure is recorded on the contact and tried again later; the caller never waits on it.
 */
export async function syncDueContacts(ctx: AppContext, limit = SYNC_BATCH): Promise<number> {
  const provider = await currentProvider(ctx);
  // Without a provider the marks wait: connecting one later sends them.
  if (provider === noNewsletterProvider) return 0;
  const now = ctx.clock.now();
  const claims = await queries.claimDue(ctx.db, now, new Date(now.getTime() + LEASE_MS), limit);
  const states = new Map(
    (
      await queries.findStates(
        ctx.db,
        claims.map((claim) => claim.contactId),
      )
    ).map((state) => [state.id, state]),
  );
  for (const claim of claims) {
    const state = states.get(claim.contactId);
    try {
      if (!state) {
        if (claim.providerEmail) await provider.remove(claim.providerEmail);
        await queries.forgetSynced(ctx.db, claim.contactId, claim.version);
        continue;
      }
      const previous = claim.providerEmail && claim.providerEmail !== state.email ? claim.providerEmail : null;
      await provider.upsert(memberOf(state, now), previous);
      const sent = state.status === "none" || state.status === "cleaned" ? claim.providerEmail : state.email;
      await queries.markSynced(
        ctx.db,
        claim.contactId,
        claim.version,
        state.status === "none" ? null : (sent ?? state.email),
        membershipAt(state, now).changesAt,
      );
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      ctx.log.warn({ contactId: claim.contactId, err: message }, "newsletter sync failed; it is tried again later");
      await queries.markFailed(
        ctx.db,
        claim.contactId,
        message,
        new Date(now.getTime() + retryDelayMs(claim.attempts)),
      );
    }
  }
  return claims.length;
}

export const SYNC_JOB = "newsletter.sync";
/** How often the sync looks for contacts to send when none were waiting. */
export const SYNC_INTERVAL_MS = 5_000;
/** One run sends for at most this long (well inside a job's lease), then makes room for other jobs. */
const SYNC_RUN_MS = 30_000;

/**
 * The newsletter sync as one job of the persistent queue (decision 065), shared with
 * mailings: one row, key `newsletter.sync`, that always answers its next time. The queue's
 * lease lets one server copy run it at a time, and a copy that dies leaves it due again when
 * the lease ends. Each run sends what is due, a batch at a time, then pulls listmonk's changes;
 * a failure is logged and the job goes on (contacts keep their own retries).
 */
export const newsletterSyncJob: JobHandler = {
  kind: SYNC_JOB,
  async run(ctx, _job, control) {
    const started = ctx.clock.now().getTime();
    const budget = Math.min(SYNC_RUN_MS, ctx.config.mailings.jobLeaseMs / 2);
    let more = false;
    try {
      do {
        more = (await syncDueContacts(ctx)) === SYNC_BATCH;
      } while (more && !control.stopping() && ctx.clock.now().getTime() - started < budget);
      if (!more && !control.stopping()) await pullNewsletterChanges(ctx);
    } catch (error) {
      ctx.log.error({ err: error }, "newsletter sync failed; it runs again shortly");
    }
    const now = ctx.clock.now().getTime();
    return { rerunAt: new Date(more ? now : now + SYNC_INTERVAL_MS) };
  },
};

/** Puts the sync job in the queue unless it is there (every server start calls this; the key keeps it one). */
export async function ensureNewsletterSyncJob(ctx: AppContext): Promise<void> {
  // It never ends by itself, so its tries are counted afresh after every run; a run that throws is retried.
  await enqueueJob(ctx.db, ctx, { kind: SYNC_JOB, payload: {}, key: SYNC_JOB, maxAttempts: 1_000_000 });
}

/** listmonk sends no webhooks: its changes since the last pull are read and applied. */
export async function pullNewsletterChanges(ctx: AppContext): Promise<number> {
  const provider = await currentProvider(ctx);
  if (!(provider instanceof ListmonkProvider)) return 0;
  const settings = await queries.findSettings(ctx.db);
  const startedAt = ctx.clock.now();
  let applied = 0;
  for await (const page of provider.changedSince(settings?.pulledUntil ?? null)) {
    for (const member of page) {
      // A change made in Cohort and not yet sent wins over the provider's older copy.
      if (await queries.hasUnsentChange(ctx.db, member.email)) continue;
      // Names and tags are Cohort's; the subscription and groups are the member's choice there.
      const change = { email: member.email, status: member.status, groups: member.groups };
      if (await applyInwardChange(ctx, change)) applied += 1;
    }
  }
  await queries.updateSettings(ctx.db, { pulledUntil: startedAt });
  return applied;
}

/**
 * Contacts compared per step of a reconciliation. The comparison itself is made in the
 * database; only the contacts that differ come back, at most this many, then go out in batches.
 */
const RECONCILE_WINDOW = 1000;
/** A running reconciliation silent for this long has lost its server copy (decision 065). */
export const RECONCILIATION_SILENT_MS = 2 * 60_000;

/** Another copy ended this reconciliation as silent: its runner stops without writing more. */
class ReconciliationTakenOver extends Error {}

/**
 * Compares every contact with the provider's copy and sends those that differ with the
 * provider's batch operation, recording progress and a heartbeat as it goes. Contacts the
 * provider does not have and whose status is `none` (or `cleaned`) are left off the list.
 * The provider's list is read a page at a time and staged in the database as fingerprints;
 * the contacts are then walked by keyset, a window at a time, and compared there in one
 * statement per window, so only the contacts that differ are read into the server. What the
 * server holds at once is one page of the provider's list, or one window's differences and one
 * batch: its memory does not grow with the list (decision 077). The report keeps counts only.
 */
export async function reconcile(
  ctx: AppContext,
  id: string,
  { window: windowSize = RECONCILE_WINDOW }: { window?: number } = {},
): Promise<void> {
  const beat = async (changes: Partial<queries.ReconciliationRow> = {}) => {
    if (!(await queries.beatReconciliation(ctx.db, id, { ...changes, heartbeatAt: ctx.clock.now() }))) {
      throw new ReconciliationTakenOver();
    }
  };
  try {
    const provider = await currentProvider(ctx);
    const groupIds = (await groupsOnOffer(ctx)).map((group) => group.id);
    await beat({ total: await queries.countContacts(ctx.db) });
    for await (const page of provider.members()) {
      await queries.stageRemoteMembers(ctx.db, id, page, groupIds);
      await beat();
    }
    let afterId: string | null = null;
    let done = 0;
    let differed = 0;
    let failed = 0;
    for (;;) {
      const window = await queries.findReconcileWindow(ctx.db, id, afterId, windowSize, ctx.clock.now(), groupIds);
      if (window.compared === 0) break;
      afterId = window.lastId;
      for (let start = 0; start < window.differing.length; start += provider.batchSize) {
        const part = window.differing.slice(start, start + provider.batchSize);
        const { refused } = await provider.upsertMany(part);
        differed += part.length;
        failed += refused.length;
      }
      done += window.compared;
      await beat({ done, differed, failed });
    }
    await beat({ status: "done", finishedAt: ctx.clock.now() });
    await queries.dropRemoteMembers(ctx.db, id);
  } catch (error) {
    await queries.dropRemoteMembers(ctx.db, id).catch(() => undefined);
    if (error instanceof ReconciliationTakenOver) {
      ctx.log.warn({ reconciliationId: id }, "a reconciliation was ended as silent by another server copy; it stops");
      return;
    }
    const message = error instanceof Error ? error.message : String(error);
    await queries.updateReconciliation(ctx.db, id, {
      status: "failed",
      finishedAt: ctx.clock.now(),
      error: message.slice(0, 500),
    });
  }
}
