import type { CompleteFlow, PaymentFlowParams, PaymentMethodUpdate } from "@cohort/common/contributions";
import { toMajorUnits } from "@cohort/common/contributions";
import type { Payment } from "@cohort/common/payments";
import type { PaymentEpisode, PaymentEpisodeList, PaymentUpdateLink, RecoveryStats } from "@cohort/common/recovery";
import { isOpenEpisode } from "@cohort/common/recovery";
import type { MonthlyStatsQuery } from "@cohort/common/stats";
import { statsMonthStarts } from "@cohort/common/stats";
import { ONE_DAY } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { AppError, notFound } from "../../http/errors.js";
import type { PaymentProviderId, ProviderEvent } from "../../providers/payment/index.js";
import { getSettings } from "../content/settings-service.js";
import { checkPaymentFlow, completePaymentFlow, findPaymentFlow, startPaymentFlow } from "../contributions/flows.js";
import { replacePaymentMethod } from "../contributions/service.js";
import { sendEmail } from "../emails/service.js";
import { extendMembership } from "../roles/service.js";
import { insertPaymentLink, usePaymentLink } from "../resets/service.js";
import * as queries from "./queries.js";

type PaymentEvent = Extract<ProviderEvent, { kind: "payment" }>;
type PaymentFailureView = NonNullable<Payment["failure"]>;

/** How long before the grace period ends the reminder is due, unless the provider retries later. */
export const REMINDER_LEAD = 3 * ONE_DAY;
/** The reminder goes out at the latest this long before the grace period ends. */
const LAST_REMINDER = ONE_DAY;

/** The page an update-payment link opens, on the site's own address. */
export function updateLinkUrl(appUrl: string, linkId: string): string {
  return `${appUrl.replace(/\/+$/, "")}/payment/update/${linkId}`;
}

/**
 * When the second email is due (decision 066): three days before the grace
 * period ends, or after the provider's next retry when that comes later, so
 * nobody is reminded of a payment that retry may still collect; at the latest
 * a day before the grace period ends.
 */
export function reminderDueAt(episode: Pick<queries.EpisodeRow, "graceUntil" | "nextAttemptAt">): Date {
  const grace = episode.graceUntil.getTime();
  const afterRetry = Math.max(grace - REMINDER_LEAD, episode.nextAttemptAt?.getTime() ?? 0);
  return new Date(Math.min(afterRetry, grace - LAST_REMINDER));
}

/** A contact's contribution as the payment events see it. */
interface ContributionOf {
  contactId: string;
  cancelledAt: Date | null;
}

interface Payer {
  email: string;
  firstname: string;
  lastname: string;
  contributionPeriod: "monthly" | "annually" | null;
}

/**
 * A payment reported failed (or a failed attempt reported with its reason),
 * whose stored status is now `stored`. The first report for a payment that
 * has not been paid opens an episode: the membership is kept until the grace
 * period ends, an update-payment link is made and the payer is told, once.
 * Later reports (retries, repeats, late arrivals) only add what they know:
 * the most attempts, the latest reason, the latest retry date. Answers false
 * when the payment has no episode (no payer to track), so the caller tells the
 * payer itself; true when the episode decided whom to tell.
 */
export async function trackFailure(
  ctx: AppContext,
  tx: Db,
  provider: PaymentProviderId,
  event: PaymentEvent,
  contribution: ContributionOf,
  payer: Payer,
  storedStatus: string,
): Promise<boolean> {
  if (storedStatus === "successful" || storedStatus === "cancelled") return true;
  const now = ctx.clock.now();
  const failure = event.failure;
  const attempts = Math.max(
    1,
    failure?.attempt ?? (await queries.countFailureReports(tx, provider, event.providerPaymentId)),
  );
  const existing = await queries.lockEpisode(tx, provider, event.providerPaymentId);
  // Only a failure opens an episode; a retry date alone only updates one.
  if (!existing && event.status !== "failed" && !failure) return false;
  if (existing) {
    const isLater = failure !== undefined && (existing.reasonAt === null || failure.reportedAt > existing.reasonAt);
    const nextAttemptAt = laterOf(existing.nextAttemptAt, event.nextAttemptAt ?? null);
    const moreAttempts = Math.max(existing.attempts, attempts);
    await queries.updateEpisode(tx, existing.id, {
      attempts: moreAttempts,
      nextAttemptAt,
      ...(isLater && failure
        ? { category: failure.category, reason: failure.reason, reasonAt: failure.reportedAt }
        : {}),
      ...(isOpenEpisode(existing.status) && moreAttempts > 1 ? { status: "retried" as const } : {}),
      updatedAt: now,
    });
    return true;
  }
  const startedAt = event.chargeDate;
  // Read in the episode's transaction: the embedded database has one connection.
  const { paymentGraceDays } = await getSettings({ ...ctx, db: tx }, "payment");
  const graceUntil = new Date(startedAt.getTime() + paymentGraceDays * ONE_DAY);
  // A payment collected after this one already settled it: the episode is over as it begins.
  const settled = await queries.hasSuccessSince(tx, contribution.contactId, startedAt);
  const cancelled = contribution.cancelledAt !== null;
  const status = settled ? "recovered" : graceUntil <= now ? "lapsed" : attempts > 1 ? "retried" : "failed";
  const isOpen = isOpenEpisode(status);
  // A cancelled contribution has no renewal to rescue: the payer is told without a link.
  const linkId = isOpen && !cancelled ? ctx.newId() : null;
  if (linkId) {
    await insertPaymentLink(
      { db: tx },
      {
        id: linkId,
        contactId: contribution.contactId,
        type: "payment",
        createdAt: now,
        expiresAt: graceUntil,
      },
    );
  }
  await queries.insertEpisode(tx, {
    id: ctx.newId(),
    contactId: contribution.contactId,
    provider,
    providerPaymentId: event.providerPaymentId,
    status,
    category: failure?.category ?? "other",
    reason: failure?.reason ?? null,
    reasonAt: failure?.reportedAt ?? null,
    amount: event.amountMinor,
    monthlyAmount: payer.contributionPeriod === "annually" ? Math.round(event.amountMinor / 12) : event.amountMinor,
    currency: event.currency.toUpperCase(),
    attempts,
    nextAttemptAt: event.nextAttemptAt ?? null,
    startedAt,
    graceUntil,
    endedAt: isOpen ? null : settled ? startedAt : graceUntil < now ? graceUntil : now,
    linkId,
    toldAt: isOpen ? now : null,
    createdAt: now,
    updatedAt: now,
  });
  if (!isOpen) return true;
  if (linkId) {
    // Active while the provider retries: never shortened, and a later payment extends it as usual.
    await extendMembership(tx, contribution.contactId, graceUntil, now, false);
  }
  await emailPayer(ctx, tx, "payment-failed", contribution.contactId, payer, event.amountMinor, {
    ...(linkId ? { UPDATELINK: updateLinkUrl(ctx.config.appUrl, linkId) } : {}),
  });
  return true;
}

function laterOf(a: Date | null, b: Date | null): Date | null {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

/**
 * A payment of the contact went through: every episode it settles ends as
 * recovered. Answers whether the payer had been told this payment failed
 * (true when it has no episode, whose failure email the caller sent).
 */
export async function trackSuccess(
  ctx: AppContext,
  tx: Db,
  provider: PaymentProviderId,
  event: PaymentEvent,
  contactId: string,
): Promise<boolean> {
  const own = await queries.lockEpisode(tx, provider, event.providerPaymentId);
  await queries.recoverEpisodes(tx, {
    contactId,
    provider,
    providerPaymentId: event.providerPaymentId,
    paidAt: event.chargeDate,
    now: ctx.clock.now(),
  });
  return own ? own.toldAt !== null : true;
}

/** The provider gave up (it cancelled the subscription or mandate): open episodes end as lapsed. */
export async function trackCancellation(ctx: AppContext, tx: Db, contactId: string): Promise<void> {
  await queries.lapseEpisodesOf(tx, contactId, ctx.clock.now());
}

async function emailPayer(
  ctx: AppContext,
  tx: Db,
  templateId: "payment-failed" | "payment-reminder",
  contactId: string,
  payer: Payer,
  amountMinor: number,
  fields: Record<string, string | Date>,
): Promise<void> {
  await sendEmail(
    ctx,
    {
      templateId,
      to: { email: payer.email, name: `${payer.firstname} ${payer.lastname}`.trim() },
      contactId,
      mergeFields: {
        FNAME: payer.firstname,
        LNAME: payer.lastname,
        AMOUNT: toMajorUnits(amountMinor).toFixed(2),
        ...fields,
      },
    },
    { db: tx },
  );
}

/** For a list of payments: the failure category and episode of each that has one (decision 066). */
export async function paymentFailures(
  db: Db,
  payments: readonly { provider: string; providerPaymentId: string }[],
): Promise<(payment: { provider: string; providerPaymentId: string }) => { failure?: PaymentFailureView }> {
  const episodes = await queries.episodesOfPayments(db, [...payments]);
  const byPayment = new Map(episodes.map((row) => [`${row.provider}:${row.providerPaymentId}`, row]));
  return (payment) => {
    const episode = byPayment.get(`${payment.provider}:${payment.providerPaymentId}`);
    return episode ? { failure: { category: episode.category, episode: episode.status } } : {};
  };
}

// ------------------------------------------------------------ scheduled checks

/**
 * Ends episodes whose grace period is over as lapsed, and sends the reminder
 * of each open episode that is due. Whether to send is decided when it is
 * written, with the episode locked: an episode a success (or the provider
 * giving up) ended before then gets no reminder, so nobody is told to update
 * a payment that went through. Runs in the caller's transaction.
 */
export async function runRecoveryChecks(ctx: AppContext): Promise<{ lapsed: number; reminded: number }> {
  const now = ctx.clock.now();
  const lapsed = await queries.lapseEpisodesDue(ctx.db, now);
  let reminded = 0;
  for (const candidate of await queries.episodesAwaitingReminder(ctx.db, 500)) {
    if (reminderDueAt(candidate) > now) continue;
    const episode = await queries.lockEpisodeById(ctx.db, candidate.id);
    if (!episode || !isOpenEpisode(episode.status) || episode.reminderSentAt) continue;
    if (await queries.hasSuccessSince(ctx.db, episode.contactId, episode.startedAt)) continue;
    const payer = await queries.findPayer(ctx.db, episode.contactId);
    if (!payer || payer.cancelledAt) continue;
    let linkId = episode.linkId;
    if (!linkId || !(await queries.isLinkLive(ctx.db, linkId, now))) {
      linkId = ctx.newId();
      await insertPaymentLink(ctx, {
        id: linkId,
        contactId: episode.contactId,
        type: "payment",
        createdAt: now,
        expiresAt: episode.graceUntil,
      });
    }
    await queries.updateEpisode(ctx.db, episode.id, { reminderSentAt: now, linkId, updatedAt: now });
    await emailPayer(ctx, ctx.db, "payment-reminder", episode.contactId, payer, episode.amount, {
      UPDATELINK: updateLinkUrl(ctx.config.appUrl, linkId),
      EXPIRES: episode.graceUntil,
    });
    reminded++;
  }
  return { lapsed, reminded };
}

// ------------------------------------------------------------ what people see

export function presentEpisode(row: queries.EpisodeRow): PaymentEpisode {
  return {
    id: row.id,
    status: row.status,
    category: row.category,
    amount: toMajorUnits(row.amount),
    currency: row.currency,
    attempts: row.attempts,
    startedAt: row.startedAt.toISOString(),
    graceUntil: row.graceUntil.toISOString(),
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The contact's episodes, newest first. */
export async function listEpisodes(ctx: AppContext, contactId: string): Promise<PaymentEpisodeList> {
  return { items: (await queries.episodesOf(ctx.db, contactId)).map(presentEpisode) };
}

/** Admins: recovered and lost recurring revenue per month, by the month each episode ended. */
export async function recoveryStats(ctx: AppContext, query: MonthlyStatsQuery): Promise<RecoveryStats> {
  const starts = statsMonthStarts(query, ctx.clock.now());
  const first = starts[0] as Date;
  const end = starts[starts.length - 1] as Date;
  const rows = await queries.endedEpisodesByMonth(ctx.db, first, end);
  return {
    months: starts.slice(0, -1).map((start) => {
      const month = start.toISOString().slice(0, 7);
      const recovered = rows.find((row) => row.month === month && row.status === "recovered");
      const lost = rows.find((row) => row.month === month && row.status === "lapsed");
      return {
        month,
        recovered: toMajorUnits(recovered?.amount ?? 0),
        recoveredCount: recovered?.count ?? 0,
        lost: toMajorUnits(lost?.amount ?? 0),
        lostCount: lost?.count ?? 0,
      };
    }),
  };
}

// ------------------------------------------------------------ the update-payment link

const unknownLink = () => notFound("This link is unknown, has expired or was used already");

async function liveLink(ctx: AppContext, linkId: string) {
  const found = await queries.findLink(ctx.db, linkId, ctx.clock.now());
  if (!found) throw unknownLink();
  return found;
}

/** What the link's page shows: the failed renewal, why, and the method on file. */
export async function getUpdateLink(ctx: AppContext, linkId: string): Promise<PaymentUpdateLink> {
  const { episode, firstname, contribution } = await liveLink(ctx, linkId);
  return {
    firstname,
    episode: presentEpisode(episode),
    paymentMethod: contribution?.paymentMethod ?? null,
  };
}

/** The link's payment is settled (or given up): there is nothing left to update through it. */
function assertStillOpen(episode: queries.EpisodeRow): void {
  if (!isOpenEpisode(episode.status)) {
    throw new AppError("cant-update-contribution", {
      status: 400,
      message: episode.status === "recovered" ? "This payment has gone through" : "This membership has ended",
    });
  }
}

/** Starts setting up a payment method for the link's contact, as the profile page does, without a login. */
export async function startLinkUpdate(
  ctx: AppContext,
  linkId: string,
  input: PaymentMethodUpdate,
): Promise<PaymentFlowParams> {
  const { episode, contribution } = await liveLink(ctx, linkId);
  assertStillOpen(episode);
  const paymentMethod = input.paymentMethod ?? contribution?.paymentMethod;
  if (!paymentMethod || !contribution) {
    throw new AppError("no-payment-method", { status: 400, message: "There is no payment method to set up again" });
  }
  const payer = await queries.findPayer(ctx.db, episode.contactId);
  if (!payer) throw unknownLink();
  const { params } = await startPaymentFlow(ctx, {
    purpose: "payment-method",
    contactId: episode.contactId,
    email: payer.email,
    form: {
      amount: payer.contributionAmount ?? 0,
      period: payer.contributionPeriod ?? "monthly",
      payFee: contribution.payFee ?? false,
      prorate: false,
      paymentMethod,
    },
    completeUrl: input.completeUrl,
  });
  return params;
}

/**
 * Completes the new payment method through the link, which is used up by it,
 * and asks the provider to collect the failed payment again with it. The
 * result arrives as the payment's events: its success ends the episode.
 */
export async function completeLinkUpdate(
  ctx: AppContext,
  linkId: string,
  input: CompleteFlow,
): Promise<PaymentEpisode> {
  const { episode } = await liveLink(ctx, linkId);
  assertStillOpen(episode);
  const pending = await findPaymentFlow(ctx, input.paymentFlowId);
  if (pending.contactId !== episode.contactId || pending.purpose !== "payment-method") {
    throw notFound("No open payment flow with that id");
  }
  // A setup the person did not finish is refused before the link is used up, so they can try again.
  await checkPaymentFlow(ctx, pending);
  // Single use: of two completions at once, one finds the link gone.
  if (!(await usePaymentLink(ctx, linkId))) throw unknownLink();
  const { flow, mandate } = await completePaymentFlow(ctx, input.paymentFlowId);
  const provider = flow.provider as PaymentProviderId;
  await replacePaymentMethod(ctx, { contactId: episode.contactId, provider, mandate, form: flow.form });
  if (provider === episode.provider) {
    await ctx.payments.get(provider)?.retryPayment({
      providerPaymentId: episode.providerPaymentId,
      customerId: mandate.customerId,
      mandateId: mandate.mandateId,
    });
  }
  return presentEpisode((await queries.findEpisode(ctx.db, episode.id)) ?? episode);
}
