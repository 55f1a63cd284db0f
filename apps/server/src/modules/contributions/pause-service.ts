import type { CancelContribution, PauseContribution } from "@cohort/common/contributions";
import { OTHER_CANCELLATION_REASON, addMonths, paidUntilOf } from "@cohort/common/contributions";
import type { ContributionInfo } from "@cohort/common/payments";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { AppError } from "../../http/errors.js";
import { SCHEMA_SUMMARY, invalidField } from "../../http/parse.js";
import type { ScheduledJob } from "../../jobs/runner.js";
import { getSettings } from "../content/settings-service.js";
import { endMembershipWhenPaid, extendMembership } from "../roles/service.js";
import { saveContribution } from "../contacts/records/service.js";
import * as queries from "./queries.js";
import type { ContributionState } from "./service.js";
import { loadContributionState } from "./service.js";

/** A pause is running from when it was taken until payments resume (decision 067). */
export function isPaused(contribution: queries.ContributionRow | undefined, now: Date): boolean {
  return !!contribution?.pausedUntil && !contribution.cancelledAt && contribution.pausedUntil > now;
}

/** A running monthly subscription, not paused and with nothing pending, can be paused. */
export function mayPause(ctx: AppContext, state: ContributionState, now: Date): boolean {
  const { contact, contribution } = state;
  return (
    contact.contributionType === "Automatic" &&
    contact.contributionPeriod === "monthly" &&
    !!contribution?.provider &&
    !!ctx.payments.get(contribution.provider) &&
    !!contribution.subscriptionId &&
    !!contribution.customerId &&
    !!contribution.mandateId &&
    !contribution.cancelledAt &&
    !state.hasPendingPayment &&
    !isPaused(contribution, now)
  );
}

/** What the contribution's wire shape adds about pauses and the reason last given. */
export async function presentPause(
  ctx: AppContext,
  state: ContributionState,
  now: Date,
): Promise<Pick<ContributionInfo, "pausedUntil" | "canPause" | "cancellationReason" | "cancellationReasonText">> {
  const latest = await queries.findLatestReason(ctx.db, state.contact.id);
  const pausedUntil = isPaused(state.contribution, now) ? state.contribution?.pausedUntil : null;
  return {
    ...(pausedUntil ? { pausedUntil: pausedUntil.toISOString() } : {}),
    canPause: mayPause(ctx, state, now),
    ...(latest ? { cancellationReason: latest.reason } : {}),
    ...(latest?.detail ? { cancellationReasonText: latest.detail } : {}),
  };
}

/** Refuses a change of amount or period while payments are paused. */
export function assertNotPaused(contribution: queries.ContributionRow | undefined, now: Date): void {
  if (!isPaused(contribution, now)) return;
  throw new AppError("cant-update-contribution", {
    status: 400,
    message: "Payments are paused; the contribution can change once they resume",
    subCode: "paused",
  });
}

/**
 * The reason as given, when there is one: one of the organisation's reasons
 * or `other`; words without a reason count as `other`.
 */
export async function checkedReason(
  ctx: AppContext,
  input: CancelContribution,
): Promise<{ reason: string; detail: string } | null> {
  const detail = input.reasonText ?? "";
  if (!input.reason) return detail ? { reason: OTHER_CANCELLATION_REASON, detail } : null;
  const { cancellationReasons } = await getSettings(ctx, "payment");
  if (input.reason !== OTHER_CANCELLATION_REASON && !cancellationReasons.includes(input.reason)) {
    throw invalidField(
      "reason",
      { key: "validation.invalid" },
      { summary: SCHEMA_SUMMARY, text: "Not one of the organisation's reasons" },
    );
  }
  return { reason: input.reason, detail };
}

export async function recordReason(
  ctx: AppContext,
  tx: Db,
  contactId: string,
  outcome: "cancelled" | "paused",
  given: { reason: string; detail: string } | null,
): Promise<void> {
  if (!given) return;
  await queries.insertContributionReason(tx, {
    id: ctx.newId(),
    contactId,
    outcome,
    reason: given.reason,
    detail: given.detail,
    createdAt: ctx.clock.now(),
  });
}

/**
 * Skips the next `months` monthly payments: the pause starts when the paid
 * time ends (or now) and payments resume `months` later. The member stays a
 * member through it unless the organisation says otherwise, in which case the
 * membership ends with the paid time and the first payment after the pause
 * gives it back.
 */
export async function pauseContribution(ctx: AppContext, contactId: string, input: PauseContribution): Promise<void> {
  const state = await loadContributionState(ctx, contactId);
  const now = ctx.clock.now();
  const { contribution } = state;
  if (!mayPause(ctx, state, now) || !contribution?.provider || !contribution.customerId || !contribution.mandateId) {
    throw new AppError("cant-update-contribution", {
      status: 400,
      message: isPaused(contribution, now)
        ? "Payments are already paused"
        : "Only a running monthly contribution can be paused",
      subCode: isPaused(contribution, now) ? "paused" : "pause-not-offered",
    });
  }
  const given = await checkedReason(ctx, input);
  const memberRole = state.roles.find((role) => role.role === "member");
  const paidUntil = memberRole?.dateExpires ? paidUntilOf(memberRole.dateExpires) : now;
  const startsAt = paidUntil > now ? paidUntil : now;
  const resumesAt = addMonths(startsAt, input.months);
  const provider = ctx.payments.get(contribution.provider);
  await provider?.pauseContribution(
    {
      customerId: contribution.customerId,
      mandateId: contribution.mandateId,
      subscriptionId: contribution.subscriptionId,
    },
    { months: input.months, resumesAt },
  );
  const { pausedStaysMember } = await getSettings(ctx, "payment");
  await ctx.db.transaction(async (tx) => {
    await saveContribution({ ...ctx, db: tx }, contactId, {
      pausedAt: startsAt,
      pausedUntil: resumesAt,
      resumedAt: null,
    });
    await recordReason(ctx, tx, contactId, "paused", given);
    if (pausedStaysMember) await extendMembership(tx, contactId, resumesAt, now);
    else await endMembershipWhenPaid(tx, contactId, now);
  });
}

/**
 * Pauses whose end has passed: the provider is asked to collect again (Stripe
 * and GoCardless do by themselves, so this only catches one that did not),
 * and the pause is marked resumed. Running it twice changes nothing more.
 */
export async function resumeEndedPauses(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const ended = await queries.findEndedPauses(ctx.db, now);
  for (const contribution of ended) {
    const provider = contribution.provider ? ctx.payments.get(contribution.provider) : undefined;
    if (provider && contribution.customerId && contribution.mandateId && contribution.subscriptionId) {
      await provider.resumeContribution({
        customerId: contribution.customerId,
        mandateId: contribution.mandateId,
        subscriptionId: contribution.subscriptionId,
      });
    }
    await saveContribution(ctx, contribution.contactId, { resumedAt: now });
  }
  return ended.length;
}

/** Checks every hour for pauses that have ended. */
export const resumePausesJob: ScheduledJob = {
  name: "resume-paused-contributions",
  dueAt: (now) => now.toISOString().slice(0, 13),
  run: async (ctx) => {
    await resumeEndedPauses(ctx);
  },
};
