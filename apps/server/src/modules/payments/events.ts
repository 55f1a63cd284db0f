import type { PaymentStatus } from "@cohort/common/contributions";
import { paidUntil, toMajorUnits } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { PaymentProviderId, ProviderEvent } from "../../providers/payment/index.js";
import { sendEmail } from "../emails/service.js";
import { extendMembership } from "../roles/service.js";
import * as queries from "./queries.js";

type PaymentEvent = Extract<ProviderEvent, { kind: "payment" }>;

/** How far along a payment is; a status only ever moves to a later stage. */
const stage: Record<PaymentStatus, number> = { draft: 0, pending: 1, successful: 2, failed: 2, cancelled: 2 };

/** Whether the event's status replaces the stored one: forward only, or a settled reversal of a success. */
function replacesStatus(stored: PaymentStatus, event: PaymentEvent): boolean {
  if (stage[event.status] > stage[stored]) return true;
  return (
    event.isSettled === true && stored === "successful" && (event.status === "failed" || event.status === "cancelled")
  );
}

export interface AppliedEvent {
  /** False when the event had been applied before and nothing changed. */
  applied: boolean;
}

/**
 * Applies one verified provider event, once. The event is recorded in
 * `provider_events` in the same transaction that applies it, so a repeated
 * delivery (to any server copy) changes nothing. Payments are upserted by
 * provider id and their status only moves forward, so events arriving out of
 * order end in the same state. A successful payment extends the member role
 * to the end of its period plus grace (never shortening it); a failed one
 * emails the payer; a cancelled subscription or mandate cancels the contribution.
 * A provider's settled view (a chargeback) and refunds may undo a success.
 */
export async function applyProviderEvent(
  ctx: AppContext,
  provider: PaymentProviderId,
  event: ProviderEvent,
): Promise<AppliedEvent> {
  return ctx.db.transaction(async (tx) => {
    const isNew = await queries.recordProviderEvent(tx, {
      provider,
      eventId: event.eventId,
      type: event.kind === "ignored" ? `ignored:${event.type}` : event.kind,
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
  const contribution = await queries.findContributionByProviderIds(tx, provider, {
    subscriptionId: event.subscriptionId,
    customerId: event.customerId,
  });
  const contactId = contribution?.contactId ?? null;
  const inserted = await queries.insertPaymentIfNew(tx, {
    id: ctx.newId(),
    contactId,
    provider,
    providerPaymentId: event.providerPaymentId,
    amount: event.amountMinor,
    currency: event.currency.toUpperCase(),
    status: event.status,
    chargeDate: event.chargeDate,
    createdAt: now,
    updatedAt: now,
  });
  if (!inserted) {
    const existing = await queries.lockPayment(tx, provider, event.providerPaymentId);
    if (!existing || !replacesStatus(existing.status, event)) return;
    await queries.updatePayment(tx, existing.id, {
      status: event.status,
      amount: event.amountMinor,
      chargeDate: event.chargeDate,
      updatedAt: now,
      ...(existing.contactId === null && contactId ? { contactId } : {}),
    });
  }
  if (!contribution || !contactId) {
    ctx.log.warn({ provider, providerPaymentId: event.providerPaymentId }, "payment for an unknown customer");
    return;
  }
  if (event.status === "successful") await creditPayment(tx, contribution, event, now);
  if (event.status === "failed") await emailPaymentFailed(ctx, tx, contactId, event.amountMinor);
}

/**
 * A refund lowers the payment to what was kept; a full refund cancels it. The
 * membership it paid for is left as it is: whether to end it is the
 * organisation's decision, made on the contact's page.
 */
async function applyRefund(
  ctx: AppContext,
  tx: Db,
  provider: PaymentProviderId,
  event: Extract<ProviderEvent, { kind: "payment-refunded" }>,
): Promise<void> {
  const existing = await queries.lockPayment(tx, provider, event.providerPaymentId);
  if (!existing) {
    ctx.log.warn({ provider, providerPaymentId: event.providerPaymentId }, "refund for an unknown payment");
    return;
  }
  const kept = Math.max(0, Math.min(existing.amount, event.chargedMinor - event.refundedMinor));
  await queries.updatePayment(tx, existing.id, {
    amount: kept,
    ...(kept === 0 && existing.status === "successful" ? { status: "cancelled" as const } : {}),
    updatedAt: ctx.clock.now(),
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
  await extendMembership(tx, contactId, until, now);
  // A changed amount waiting for the next period applies once that period's payment succeeds.
  if (contribution.nextAmount !== null) {
    await queries.updateContactAmount(tx, contactId, contribution.nextAmount);
    await queries.updateContributionRow(tx, contactId, { nextAmount: null });
  }
}

async function emailPaymentFailed(ctx: AppContext, tx: Db, contactId: string, amountMinor: number): Promise<void> {
  const contact = await queries.findContactForPayment(tx, contactId);
  if (!contact) return;
  await sendEmail(
    ctx,
    {
      templateId: "payment-failed",
      to: { email: contact.email, name: `${contact.firstname} ${contact.lastname}`.trim() },
      contactId,
      locale: "",
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
  await queries.updateContributionRow(tx, contribution.contactId, {
    cancelledAt: contribution.cancelledAt ?? ctx.clock.now(),
    subscriptionId: null,
    nextAmount: null,
    ...(event.kind === "mandate-cancelled" ? { mandateId: null } : {}),
  });
}
