import { createHash } from "node:crypto";
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
    { fetch: outgoingFor(ctx.config.outgoingAllow).fetch, mailchimpApiUrl: ctx.config.newsletter.mailchimpApiUrl },
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

/** What the provider holds of a contact, in a few bytes; equal when the copies agree. */
function fingerprint(member: NewsletterMember): string {
  const groups = [...new Set(member.groups)].sort();
  const fields = [member.email, member.firstname, member.lastname, member.status, groups, member.membership];
  return createHash("sha1").update(JSON.stringify(fields)).digest("base64");
}

/** Contacts read and compared per step of a reconciliation: one batch of the provider's, so memory stays flat. */
const RECONCILE_PAGE = 500;
/** A running reconciliation silent for this long has lost its server copy (decision 065). */
export const RECONCILIATION_SILENT_MS = 2 * 60_000;

/** Another copy ended this reconciliation as silent: its runner stops without writing more. */
class ReconciliationTakenOver extends Error {}

/**
 * Compares every contact with the provider's copy and sends those that differ with the
 * provider's batch operation, recording progress and a heartbeat as it goes. Contacts the
 * provider does not have and whose status is `none` are left off the list. Everything is
 * read a page at a time (the provider's list, then the contacts by keyset), and at most one
 * page and one batch are held at once, so memory does not grow with the list.
 */
export async function reconcile(ctx: AppContext, id: string): Promise<void> {
  const beat = async (changes: Partial<queries.ReconciliationRow> = {}) => {
    if (!(await queries.beatReconciliation(ctx.db, id, { ...changes, heartbeatAt: ctx.clock.now() }))) {
      throw new ReconciliationTakenOver();
    }
  };
  try {
    const provider = await currentProvider(ctx);
    await beat({ total: await queries.countContacts(ctx.db) });
    // One fingerprint per address, kept in the database: a list of any size costs the same memory.
    for await (const page of provider.members()) {
      await queries.stageRemoteMembers(
        ctx.db,
        id,
        page.map((member) => ({ email: member.email, fingerprint: fingerprint(member) })),
      );
      await beat();
    }
    let afterId: string | null = null;
    let done = 0;
    let differed = 0;
    let failed = 0;
    for (;;) {
      const states = await queries.findReconcilePage(ctx.db, id, afterId, RECONCILE_PAGE);
      if (states.length === 0) break;
      afterId = states[states.length - 1]!.id;
      const now = ctx.clock.now();
      const send: NewsletterMember[] = [];
      for (const state of states) {
        const local = memberOf(state, now);
        const theirs = state.theirs;
        if (!theirs ? local.status !== "none" : theirs !== fingerprint(local)) {
          if (!(local.status === "cleaned" && !theirs)) send.push(local);
        }
      }
      for (let start = 0; start < send.length; start += provider.batchSize) {
        const part = send.slice(start, start + provider.batchSize);
        const { refused } = await provider.upsertMany(part);
        differed += part.length;
        failed += refused.length;
      }
      done += states.length;
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
