import type { PaymentStatus } from "@cohort/common/payments";
import { paidUntil, toMajorUnits } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { PaymentProviderId, ProviderEvent } from "../../providers/payment/index.js";
import { updateContactContribution, updateContribution } from "../contacts/records/service.js";
import { sendEmail } from "../emails/service.js";
import { hook } from "../../lib/hook.js";
import { endMembershipWhenPaid, extendMembership } from "../roles/service.js";
import { trackCancellation, trackFailure, trackSuccess } from "../recovery/service.js";
import { emitEvent } from "../webhooks/events.js";
import * as queries from "./queries.js";

type PaymentEvent = Extract<ProviderEvent, { kind: "payment" }>;

/**
 * The contact a gift's payment belongs to, made from the giver's details when needed: the gifts
 * module's, which payments does not import (decision 083); provided by `src/wiring.ts`.
 */
export const giftPayer =
  hook<
    (
      ctx: AppContext,
      tx: Db,
      provider: PaymentProviderId,
      event: PaymentEvent & { giftFlowId: string },
    ) => Promise<string | null>
  >("the payer of a gift");

/** A gift's payment that has just gone through, for the thanks its giver is sent. */
export interface GiftPaid {
  paymentId: string;
  contactId: string;
  amountMinor: number;
  chargeDate: Date;
}

/**
 * Thanks a gift's giver, in the transaction that records the payment's success: the gifts
 * module's (its receipt number and email), provided by `src/wiring.ts`.
 */
export const thankGiver = hook<(ctx: AppContext, tx: Db, gift: GiftPaid) => Promise<void>>("the thanks for a gift");

type RefundEvent = Extract<ProviderEvent, { kind: "payment-refunded" }>;

/**
 * The order of precedence of payment statuses (decision 021). A reported
 * status replaces the stored one only when it ranks higher, so any order of
 * the same events ends in the same status: a success after a failure wins (a
 * provider's retry of the same invoice or payment), a failure reported after a
 * success does not. A voided invoice cannot be paid, so `cancelled` ranks
 * above `failed` and below `successful`.
 */
const rank: Record<PaymentStatus, number> = { draft: 0, pending: 1, failed: 2, cancelled: 3, successful: 4 };

/**
 * Whether the event's status replaces the stored one: a higher rank, or the
 * provider's settled view (read from its API at delivery) reversing a success.
 */
function replacesStatus(stored: PaymentStatus, event: PaymentEvent): boolean {
  if (rank[event.status] > rank[stored]) return true;
  return (
    event.isSettled === true && stored === "successful" && (event.status === "failed" || event.status === "cancelled")
  );
}

/** What was charged, from the stored row: the kept amount plus the refunds taken off it. */
function chargedOf(row: queries.PaymentRow): number {
  return row.amount + row.amountRefunded;
}

/**
 * The status the provider reported, before refunds: a payment shown as
 * cancelled because all of it was refunded had been successful.
 */
function reportedStatus(row: queries.PaymentRow): PaymentStatus {
  return row.status === "cancelled" && row.amountRefunded > 0 && row.amount === 0 ? "successful" : row.status;
}

/** The stored amount and status of a payment given what was charged and all refunded so far. */
function withRefunds(status: PaymentStatus, charged: number, refunded: number) {
  const amount = Math.max(0, charged - refunded);
  return {
    amount,
    amountRefunded: refunded,
    status: status === "successful" && refunded > 0 && amount === 0 ? ("cancelled" as const) : status,
  };
}

export interface AppliedEvent {
  /** False when the event had been applied before and nothing changed. */
  applied: boolean;
}

/**
 * Applies one verified provider event, once. The event is recorded in
 * `provider_events` in the same transaction that applies it, so a repeated
 * delivery (to any server copy) changes nothing. Events about one payment are
 * applied one at a time and in a way that does not depend on their order
 * (decision 021): statuses follow an order of precedence, and refunds are
 * kept with the events, so a refund that arrives before its payment is
 * applied when the payment arrives. A payment that becomes successful extends
 * the member role to the end of its period plus grace (never shortening it);
 * one that becomes failed emails the payer, and a failed one that is paid
 * after all tells them so; a cancelled subscription or mandate cancels the
 * contribution and ends the membership with its paid time. A provider's settled view (a chargeback) and refunds may undo
 * a success.
 */
export async function applyProviderEvent(
  ctx: AppContext,
  provider: PaymentProviderId,
  event: ProviderEvent,
): Promise<AppliedEvent> {
  return ctx.db.transaction(async (tx) => {
    const providerPaymentId =
      event.kind === "payment" || event.kind === "payment-refunded" ? event.providerPaymentId : null;
    if (providerPaymentId) await queries.lockProviderPayment(tx, provider, providerPaymentId);
    const isNew = await queries.recordProviderEvent(tx, {
      provider,
      eventId: event.eventId,
      type: event.kind === "ignored" ? `ignored:${event.type}` : event.kind,
      providerPaymentId,
      receivedAt: ctx.clock.now(),
      payload: event,
    });
    if (!isNew) return { applied: false };
    switch (event.kind) {
      case "payment":
        await applyPayment(ctx, tx, provider, event);
        break;
      case "payment-refunded":
        await applyRefund(ctx, tx, provider, event);
        break;
      case "subscription-cancelled":
      case "mandate-cancelled":
        await applyCancellation(ctx, tx, provider, event);
        break;
      case "ignored":
        break;
    }
    return { applied: true };
  });
}

async function applyPayment(ctx: AppContext, tx: Db, provider: PaymentProviderId, event: PaymentEvent): Promise<void> {
  const now = ctx.clock.now();
  const { giftFlowId } = event;
  // A gift's payer is the giver its flow names, never a contribution that shares the customer (decision 068).
  const contribution = giftFlowId
    ? undefined
    : await queries.findContributionByProviderIds(tx, provider, {
        subscriptionId: event.subscriptionId,
        customerId: event.customerId,
      });
  const contactId = giftFlowId
    ? await giftPayer.call(ctx, tx, provider, { ...event, giftFlowId })
    : (contribution?.contactId ?? null);
  // Refunds recorded before this payment arrived (or since) count from the start.
  const refunded = await queries.recordedRefundTotal(tx, provider, event.providerPaymentId);
  const existing = await queries.lockPayment(tx, provider, event.providerPaymentId);
  let previous: PaymentStatus | null = null;
  const paymentId = existing?.id ?? ctx.newId();
  if (!existing) {
    await queries.insertPaymentIfNew(tx, {
      id: paymentId,
      contactId,
      provider,
      providerPaymentId: event.providerPaymentId,
      currency: event.currency.toUpperCase(),
      kind: giftFlowId ? "gift" : "contribution",
      ...withRefunds(event.status, event.amountMinor, refunded),
      chargeDate: event.chargeDate,
      createdAt: now,
      updatedAt: now,
    });
  } else {
    previous = reportedStatus(existing);
    if (!replacesStatus(previous, event)) {
      if (existing.contactId === null && contactId) {
        await queries.updatePayment(tx, existing.id, { contactId, updatedAt: now });
      }
      // A retry that failed again, or a failure reported late: its episode learns of it.
      if (contribution && (event.status === "failed" || event.failure || event.nextAttemptAt)) {
        await trackPaymentFailure(ctx, tx, provider, event, contribution, previous);
      }
      return;
    }
    await queries.updatePayment(tx, existing.id, {
      ...withRefunds(event.status, event.amountMinor, Math.max(refunded, existing.amountRefunded)),
      chargeDate: event.chargeDate,
      updatedAt: now,
      ...(existing.contactId === null && contactId ? { contactId } : {}),
    });
  }
  if (event.status === "successful" || event.status === "failed") {
    await emitEvent({ ...ctx, db: tx }, event.status === "successful" ? "payment.succeeded" : "payment.failed", {
      id: paymentId,
      contactId: existing?.contactId ?? contactId,
      amount: toMajorUnits(event.amountMinor),
      currency: event.currency.toUpperCase(),
      chargeDate: event.chargeDate.toISOString(),
    });
  }
  // A gift buys no membership and asks nothing more of its giver; its success, reached once by
  // rank whichever way it is reported, is when the giver is thanked.
  if (giftFlowId) {
    const giver = existing?.contactId ?? contactId;
    if (event.status === "successful" && giver) {
      await thankGiver.call(ctx, tx, {
        paymentId,
        contactId: giver,
        amountMinor: event.amountMinor,
        chargeDate: event.chargeDate,
      });
    }
    return;
  }
  if (!contribution || !contactId) {
    ctx.log.warn({ provider, providerPaymentId: event.providerPaymentId }, "payment for an unknown customer");
    return;
  }
  if (event.status === "successful") {
    await creditPayment(tx, contribution, event, now);
    const told = await trackSuccess(ctx, tx, provider, event, contactId);
    // The payer was told it failed; the last word must be that it went through.
    if (previous === "failed" && told) await emailPayer(ctx, tx, "payment-recovered", contactId, event.amountMinor);
  }
  if (event.status === "failed" || event.failure) {
    const tracked = await trackPaymentFailure(ctx, tx, provider, event, contribution, event.status);
    if (!tracked && event.status === "failed") {
      await emailPayer(ctx, tx, "payment-failed", contactId, event.amountMinor);
    }
  }
}

/**
 * A failure (or a failed retry) goes to the payment's episode of recovery
 * (decision 066), which emails the payer the first time; answers whether it did.
 */
async function trackPaymentFailure(
  ctx: AppContext,
  tx: Db,
  provider: PaymentProviderId,
  event: PaymentEvent,
  contribution: queries.PaymentContributionRow,
  storedStatus: PaymentStatus,
): Promise<boolean> {
  const payer = await queries.findContactForPayment(tx, contribution.contactId);
  if (!payer) return false;
  return trackFailure(ctx, tx, provider, event, contribution, payer, storedStatus);
}

/**
 * A refund lowers the payment to what was kept; a full refund cancels it. The
 * refund is recorded with the events either way: when its payment has not
 * arrived yet, the payment takes it into account when it does. The membership
 * it paid for is left as it is: whether to end it is the organisation's
 * decision, made on the contact's page.
 */
async function applyRefund(ctx: AppContext, tx: Db, provider: PaymentProviderId, event: RefundEvent): Promise<void> {
  const existing = await queries.lockPayment(tx, provider, event.providerPaymentId);
  if (!existing) {
    ctx.log.info(
      { provider, providerPaymentId: event.providerPaymentId },
      "refund before its payment: kept until the payment arrives",
    );
    return;
  }
  const refunded = Math.max(existing.amountRefunded, event.refundedMinor);
  if (refunded === existing.amountRefunded) return;
  await queries.updatePayment(tx, existing.id, {
    ...withRefunds(reportedStatus(existing), chargedOf(existing), refunded),
    updatedAt: ctx.clock.now(),
  });
  await emitEvent({ ...ctx, db: tx }, "payment.refunded", {
    id: existing.id,
    contactId: existing.contactId,
    amountRefunded: toMajorUnits(refunded),
    currency: existing.currency,
  });
}

async function creditPayment(
  tx: Db,
  contribution: queries.PaymentContributionRow,
  event: PaymentEvent,
  now: Date,
): Promise<void> {
  const { contactId } = contribution;
  const contact = await queries.findContactForPayment(tx, contactId);
  if (!contact) return;
  const until = event.periodEnd ?? paidUntil(event.chargeDate, contact.contributionPeriod ?? "monthly");
  // A payment reported after a cancellation pays the time it covers, without the grace of a renewal.
  await extendMembership(tx, contactId, until, now, contribution.cancelledAt === null);
  // A changed amount waiting for the next period applies once that period's payment succeeds.
  if (contribution.nextAmount !== null) {
    await updateContactContribution({ db: tx }, contactId, { contributionAmount: contribution.nextAmount });
    await updateContribution({ db: tx }, contactId, { nextAmount: null });
  }
}

async function emailPayer(
  ctx: AppContext,
  tx: Db,
  templateId: "payment-failed" | "payment-recovered",
  contactId: string,
  amountMinor: number,
): Promise<void> {
  const contact = await queries.findContactForPayment(tx, contactId);
  if (!contact) return;
  await sendEmail(
    ctx,
    {
      templateId,
      to: { email: contact.email, name: `${contact.firstname} ${contact.lastname}`.trim() },
      contactId,
      mergeFields: { FNAME: contact.firstname, LNAME: contact.lastname, AMOUNT: toMajorUnits(amountMinor).toFixed(2) },
    },
    { db: tx },
  );
}

async function applyCancellation(
  ctx: AppContext,
  tx: Db,
  provider: PaymentProviderId,
  event: Extract<ProviderEvent, { kind: "subscription-cancelled" | "mandate-cancelled" }>,
): Promise<void> {
  const contribution =
    event.kind === "subscription-cancelled"
      ? await queries.findContributionByProviderIds(tx, provider, { subscriptionId: event.subscriptionId })
      : await queries.findContributionByProviderIds(tx, provider, { mandateId: event.mandateId });
  if (!contribution) return;
  const now = ctx.clock.now();
  await updateContribution({ db: tx }, contribution.contactId, {
    cancelledAt: contribution.cancelledAt ?? now,
    subscriptionId: null,
    nextAmount: null,
    ...(event.kind === "mandate-cancelled" ? { mandateId: null } : {}),
  });
  // Whoever ended it, the member or the provider giving up on a failing renewal, the grace
  // period ends with it, once: a payment credited later gets none either, so the membership
  // ends at the same day whichever event comes first.
  if (contribution.cancelledAt === null) await endMembershipWhenPaid(tx, contribution.contactId, now);
  await trackCancellation(ctx, tx, contribution.contactId);
}
