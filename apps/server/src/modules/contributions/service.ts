import type { ContributionPeriod, PaymentMethod } from "@cohort/common/payments";
import {
  chargedAmountMinor,
  contributionChangeRefusal,
  feeRegion,
  isMembershipActive,
  paidUntil,
  toMajorUnits,
} from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { ContributionForm } from "../../db/schema/payments.js";
import { AppError, notFound } from "../../http/errors.js";
import type { PaymentProviderId, ProviderMandate } from "../../providers/payment/index.js";
import { getGeneralContent } from "../content/service.js";
import { sendEmail } from "../emails/service.js";
import { extendMembership } from "../roles/service.js";
import { saveContribution, updateContactContribution } from "../contacts/records/service.js";
import * as queries from "./queries.js";
import { emitEvent } from "../webhooks/events.js";

export interface ContributionState {
  contact: queries.ContributionContactRow;
  contribution: queries.ContributionRow | undefined;
  roles: queries.MemberRoleRow[];
  hasPendingPayment: boolean;
}

export async function loadContributionState(ctx: AppContext, contactId: string): Promise<ContributionState> {
  const contact = await queries.findContact(ctx.db, contactId);
  if (!contact) throw notFound("No contact with that id");
  const [contribution, roles, pending] = await Promise.all([
    queries.findContribution(ctx.db, contactId),
    queries.findRoles(ctx.db, contactId),
    queries.hasPendingPayment(ctx.db, contactId),
  ]);
  return { contact, contribution, roles, hasPendingPayment: pending };
}

const refusalMessages = {
  "no-payment-method": "There is no payment method to change the contribution on",
  "payment-pending": "A payment is still being collected; try again once it has gone through",
  "annual-to-monthly": "An active annual contribution cannot change to monthly",
} as const;

/** Refuses a change while a payment is pending, an active annual member going monthly, or without a method. */
export function assertMayChange(
  state: ContributionState,
  now: Date,
  change: { newPeriod: ContributionPeriod; hasPaymentMethod?: boolean },
): void {
  const memberRole = state.roles.find((role) => role.role === "member");
  const refusal = contributionChangeRefusal({
    hasPendingPayment: state.hasPendingPayment,
    isActiveMember: isMembershipActive(memberRole, now),
    currentPeriod: state.contact.contributionPeriod,
    newPeriod: change.newPeriod,
    ...(change.hasPaymentMethod !== undefined ? { hasPaymentMethod: change.hasPaymentMethod } : {}),
  });
  if (refusal) {
    throw new AppError("cant-update-contribution", {
      status: 400,
      message: refusalMessages[refusal],
      subCode: refusal,
    });
  }
}

interface ProviderIds {
  provider: PaymentProviderId;
  customerId: string;
  mandateId: string;
  subscriptionId: string | null;
}

function enabledProvider(ctx: AppContext, id: string) {
  const provider = ctx.payments.get(id);
  if (!provider) {
    throw new AppError("cant-update-contribution", {
      status: 400,
      message: "The payment provider of this contribution is not enabled",
    });
  }
  return provider;
}

/** What the member is charged per period, in minor units, fee included when they pay it. */
export async function chargedAmount(ctx: AppContext, form: ContributionForm): Promise<number> {
  const { currencyCode } = await getGeneralContent(ctx);
  return chargedAmountMinor({
    amountMinor: form.amount,
    period: form.period,
    paymentMethod: form.paymentMethod as PaymentMethod,
    region: feeRegion(currencyCode),
    payFee: form.payFee,
  });
}

/**
 * Creates or changes the subscription at the provider, then records the new
 * amount, period and type, clears a cancellation and extends the member role.
 */
export async function changeSubscription(
  ctx: AppContext,
  contact: queries.ContributionContactRow,
  ids: ProviderIds,
  form: ContributionForm,
  options: { notify: boolean },
): Promise<void> {
  const provider = enabledProvider(ctx, ids.provider);
  const { currencyCode } = await getGeneralContent(ctx);
  const result = await provider.updateContribution(
    {
      customerId: ids.customerId,
      mandateId: ids.mandateId,
      subscriptionId: ids.subscriptionId,
      amountMinor: await chargedAmount(ctx, form),
      period: form.period,
      currency: currencyCode,
    },
    { prorate: form.prorate },
  );
  const now = ctx.clock.now();
  const keepsAmount = !result.startsNow && contact.contributionAmount !== null;
  // Going back to the amount being paid now leaves nothing waiting for the next payment.
  const waitingAmount = keepsAmount && form.amount !== contact.contributionAmount ? form.amount : null;
  const periodEnd = result.paidUntil ?? paidUntil(now, form.period);
  // A new amount waiting for the next payment applies from the day that payment is due.
  const startsOn = waitingAmount !== null ? periodEnd : now;
  await ctx.db.transaction(async (tx) => {
    await saveContribution({ ...ctx, db: tx }, contact.id, {
      subscriptionId: result.subscriptionId,
      cancelledAt: null,
      payFee: form.payFee,
      nextAmount: waitingAmount,
    });
    await updateContactContribution({ ...ctx, db: tx }, contact.id, {
      contributionType: "Automatic",
      contributionPeriod: form.period,
      contributionAmount: keepsAmount ? contact.contributionAmount : form.amount,
    });
    await extendMembership(tx, contact.id, periodEnd, now);
    await emitEvent(
      { ...ctx, db: tx },
      contact.contributionType === "Automatic" ? "contribution.changed" : "contribution.created",
      {
        contactId: contact.id,
        type: "Automatic",
        amount: toMajorUnits(form.amount),
        period: form.period,
        payFee: form.payFee,
        startsOn: startsOn.toISOString(),
      },
    );
    if (!options.notify) return;
    if (contact.contributionType === "Manual") {
      await emailContact(ctx, tx, contact, "manual-to-automatic", {});
    } else if (contact.contributionType === "Automatic") {
      await emailContact(ctx, tx, contact, "contribution-changed", {
        AMOUNT: toMajorUnits(form.amount).toFixed(2),
        STARTDATE: startsOn.toISOString(),
      });
    }
  });
}

export async function emailContact(
  ctx: AppContext,
  tx: Db,
  contact: queries.ContributionContactRow,
  templateId: "manual-to-automatic" | "contribution-changed" | "cancelled-contribution",
  mergeFields: Record<string, string>,
): Promise<void> {
  await sendEmail(
    ctx,
    {
      templateId,
      to: { email: contact.email, name: `${contact.firstname} ${contact.lastname}`.trim() },
      contactId: contact.id,
      mergeFields: { FNAME: contact.firstname, LNAME: contact.lastname, ...mergeFields },
    },
    { db: tx },
  );
}

/** Stops the old provider's subscription when a contribution moves to another provider. */
async function releaseOldProvider(ctx: AppContext, old: queries.ContributionRow | undefined, provider: string) {
  if (!old?.provider || old.provider === provider || (!old.subscriptionId && !old.mandateId)) return;
  const previous = ctx.payments.get(old.provider);
  if (!previous || !old.customerId || !old.mandateId) return;
  await previous.cancelContribution({
    customerId: old.customerId,
    mandateId: old.mandateId,
    subscriptionId: old.subscriptionId,
  });
}

/**
 * Makes a completed payment flow the contact's contribution: type Automatic,
 * the form's amount (minor units), period and fee choice, the mandate's
 * method and provider ids; creates or changes the subscription at the
 * provider and gives or extends the member role to the paid-until date plus
 * grace. A contribution moving to another provider is cancelled at the old one.
 * Emails `manual-to-automatic` or `contribution-changed` when a contribution existed.
 * Call it outside a transaction: a provider may report its first payment at
 * once (the test provider does), and applying it opens a transaction of its own.
 */
export async function activateContribution(
  ctx: AppContext,
  input: { contactId: string; provider: PaymentProviderId; mandate: ProviderMandate; form: ContributionForm },
): Promise<void> {
  const { contactId, provider, mandate, form } = input;
  const contact = await queries.findContact(ctx.db, contactId);
  if (!contact) throw notFound("No contact with that id");
  const old = await queries.findContribution(ctx.db, contactId);
  await releaseOldProvider(ctx, old, provider);
  const subscriptionId = old?.provider === provider ? (old.subscriptionId ?? null) : null;
  // Stored before the provider is called, so the payments it reports find their contact.
  await saveContribution(ctx, contactId, {
    provider,
    customerId: mandate.customerId,
    mandateId: mandate.mandateId,
    subscriptionId,
    paymentMethod: mandate.paymentMethod,
    paymentSource: mandate.source,
    payFee: form.payFee,
    manualSource: null,
    manualReference: null,
  });
  const ids = { provider, customerId: mandate.customerId, mandateId: mandate.mandateId, subscriptionId };
  await changeSubscription(ctx, contact, ids, form, { notify: true });
}

/**
 * Stores a new mandate or card; an active subscription moves onto it (or is
 * re-created at a new provider) with the amount unchanged.
 */
export async function replacePaymentMethod(
  ctx: AppContext,
  input: { contactId: string; provider: PaymentProviderId; mandate: ProviderMandate; form: ContributionForm },
): Promise<void> {
  const { contactId, provider, mandate } = input;
  const contact = await queries.findContact(ctx.db, contactId);
  if (!contact) throw notFound("No contact with that id");
  const old = await queries.findContribution(ctx.db, contactId);
  const isSubscribed = contact.contributionType === "Automatic" && !!old?.subscriptionId && !old.cancelledAt;
  await releaseOldProvider(ctx, old, provider);
  const subscriptionId = old?.provider === provider ? (old.subscriptionId ?? null) : null;
  await saveContribution(ctx, contactId, {
    provider,
    customerId: mandate.customerId,
    mandateId: mandate.mandateId,
    subscriptionId,
    paymentMethod: mandate.paymentMethod,
    paymentSource: mandate.source,
  });
  if (!isSubscribed || contact.contributionAmount === null || contact.contributionPeriod === null) return;
  const form: ContributionForm = {
    amount: old?.nextAmount ?? contact.contributionAmount,
    period: contact.contributionPeriod,
    payFee: old?.payFee ?? false,
    prorate: false,
    paymentMethod: mandate.paymentMethod,
  };
  const ids = { provider, customerId: mandate.customerId, mandateId: mandate.mandateId, subscriptionId };
  await changeSubscription(ctx, contact, ids, form, { notify: false });
}
