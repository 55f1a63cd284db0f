import type { ContributionInfo } from "@cohort/common/payments";
import type {
  CancelContribution,
  CompleteFlow,
  ContributionInput,
  ForceContribution,
  PaymentFlowParams,
  PaymentMethodUpdate,
  UpdateContribution,
} from "@cohort/common/contributions";
import { toMinorUnits } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import type { ContributionForm } from "../../db/schema/payments.js";
import { AppError, notFound } from "../../http/errors.js";
import type { PaymentProviderId } from "../../providers/payment/index.js";
import { notifyOrganisation } from "../emails/service.js";
import { endMembershipWhenPaid } from "../roles/service.js";
import { saveContribution, updateContactContribution } from "../contacts/records/service.js";
import { completePaymentFlow, findPaymentFlow, startPaymentFlow } from "./flows.js";
import { assertNotPaused, checkedReason, presentPause, recordReason } from "./pause-service.js";
import { presentContributionInfo } from "./presenter.js";
import { changesOf, recordActivity } from "../activity/service.js";
import {
  activateContribution,
  assertMayChange,
  changeSubscription,
  emailContact,
  loadContributionState,
  replacePaymentMethod,
} from "./service.js";
import { emitEvent } from "../webhooks/events.js";

export async function getContributionInfo(ctx: AppContext, contactId: string): Promise<ContributionInfo> {
  const state = await loadContributionState(ctx, contactId);
  const now = ctx.clock.now();
  const info = presentContributionInfo(state, now);
  const pause = await presentPause(ctx, state, now);
  // While paused, the next payment is the one the pause ends with.
  return { ...info, ...pause, ...(pause.pausedUntil ? { renewalDate: pause.pausedUntil } : {}) };
}

/** PATCH: a new amount or period on the stored payment method. */
export async function updateContribution(
  ctx: AppContext,
  contactId: string,
  input: UpdateContribution,
): Promise<ContributionInfo> {
  const state = await loadContributionState(ctx, contactId);
  const { contact, contribution } = state;
  const canCharge =
    contact.contributionType === "Automatic" &&
    !!contribution?.provider &&
    !!contribution.customerId &&
    !!contribution.mandateId &&
    !!contribution.paymentMethod;
  assertMayChange(state, ctx.clock.now(), { newPeriod: input.period, hasPaymentMethod: canCharge });
  assertNotPaused(contribution, ctx.clock.now());
  if (!contribution?.provider || !contribution.customerId || !contribution.mandateId || !contribution.paymentMethod) {
    throw new AppError("cant-update-contribution", { status: 400, message: "There is no payment method" });
  }
  const form: ContributionForm = {
    amount: toMinorUnits(input.amount),
    period: input.period,
    payFee: input.payFee,
    prorate: input.prorate,
    paymentMethod: contribution.paymentMethod,
  };
  const ids = {
    provider: contribution.provider as PaymentProviderId,
    customerId: contribution.customerId,
    mandateId: contribution.mandateId,
    subscriptionId: contribution.subscriptionId,
  };
  await changeSubscription(ctx, contact, ids, form, { notify: true });
  await recordActivity(ctx, {
    kind: "contribution.update",
    contactId,
    changes: changesOf(
      { amount: contact.contributionAmount, period: contact.contributionPeriod },
      { amount: form.amount, period: form.period },
    ),
  });
  return getContributionInfo(ctx, contactId);
}

/** POST: start (or restart with a new method) through the provider; nothing changes until completed. */
export async function startContribution(
  ctx: AppContext,
  contactId: string,
  input: ContributionInput,
): Promise<PaymentFlowParams> {
  const state = await loadContributionState(ctx, contactId);
  assertMayChange(state, ctx.clock.now(), { newPeriod: input.period });
  const { params } = await startPaymentFlow(ctx, {
    purpose: "contribution",
    contactId,
    email: state.contact.email,
    form: {
      amount: toMinorUnits(input.amount),
      period: input.period,
      payFee: input.payFee,
      prorate: input.prorate,
      paymentMethod: input.paymentMethod,
    },
    completeUrl: input.completeUrl,
  });
  return params;
}

/** The flow must be this contact's and for this purpose (the reference product did not check). */
async function ownFlow(
  ctx: AppContext,
  contactId: string,
  input: CompleteFlow,
  purpose: "contribution" | "payment-method",
) {
  const flow = await findPaymentFlow(ctx, input.paymentFlowId);
  if (flow.contactId !== contactId || flow.purpose !== purpose) throw notFound("No open payment flow with that id");
  return flow;
}

export async function completeContribution(
  ctx: AppContext,
  contactId: string,
  input: CompleteFlow,
): Promise<ContributionInfo> {
  const pending = await ownFlow(ctx, contactId, input, "contribution");
  assertMayChange(await loadContributionState(ctx, contactId), ctx.clock.now(), { newPeriod: pending.form.period });
  const { flow, mandate } = await completePaymentFlow(ctx, input.paymentFlowId);
  await activateContribution(ctx, {
    contactId,
    provider: flow.provider as PaymentProviderId,
    mandate,
    form: flow.form,
  });
  return getContributionInfo(ctx, contactId);
}

/** PUT payment-method: a setup flow only; without a method the stored one is set up again. */
export async function startPaymentMethodUpdate(
  ctx: AppContext,
  contactId: string,
  input: PaymentMethodUpdate,
): Promise<PaymentFlowParams> {
  const state = await loadContributionState(ctx, contactId);
  const paymentMethod = input.paymentMethod ?? state.contribution?.paymentMethod;
  if (!paymentMethod) {
    throw new AppError("no-payment-method", { status: 400, message: "There is no payment method to set up again" });
  }
  if (state.hasPendingPayment) {
    throw new AppError("cant-update-contribution", {
      status: 400,
      message: "A payment is still being collected; try again once it has gone through",
      subCode: "payment-pending",
    });
  }
  const { params } = await startPaymentFlow(ctx, {
    purpose: "payment-method",
    contactId,
    email: state.contact.email,
    form: {
      amount: state.contact.contributionAmount ?? 0,
      period: state.contact.contributionPeriod ?? "monthly",
      payFee: state.contribution?.payFee ?? false,
      prorate: false,
      paymentMethod,
    },
    completeUrl: input.completeUrl,
  });
  return params;
}

export async function completePaymentMethodUpdate(
  ctx: AppContext,
  contactId: string,
  input: CompleteFlow,
): Promise<ContributionInfo> {
  await ownFlow(ctx, contactId, input, "payment-method");
  const state = await loadContributionState(ctx, contactId);
  if (state.hasPendingPayment) {
    throw new AppError("cant-update-contribution", {
      status: 400,
      message: "A payment is still being collected; try again once it has gone through",
      subCode: "payment-pending",
    });
  }
  const { flow, mandate } = await completePaymentFlow(ctx, input.paymentFlowId);
  await replacePaymentMethod(ctx, {
    contactId,
    provider: flow.provider as PaymentProviderId,
    mandate,
    form: flow.form,
  });
  return getContributionInfo(ctx, contactId);
}

/**
 * Stops future payments, whichever provider takes them. The member role
 * stays until the end of the paid time (status `expiring`), without the
 * grace period that a failed renewal gets.
 */
export async function cancelContribution(
  ctx: AppContext,
  contactId: string,
  input: CancelContribution = {},
): Promise<void> {
  const { contact, contribution } = await loadContributionState(ctx, contactId);
  if (contact.contributionType !== "Automatic" || !contribution || contribution.cancelledAt) {
    throw new AppError("cant-update-contribution", { status: 400, message: "There is no contribution to cancel" });
  }
  const given = await checkedReason(ctx, input);
  const provider = contribution.provider ? ctx.payments.get(contribution.provider) : undefined;
  if (provider && contribution.customerId && contribution.mandateId) {
    await provider.cancelContribution({
      customerId: contribution.customerId,
      mandateId: contribution.mandateId,
      subscriptionId: contribution.subscriptionId,
    });
  }
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    await saveContribution({ ...ctx, db: tx }, contactId, {
      cancelledAt: now,
      subscriptionId: null,
      mandateId: null,
      nextAmount: null,
    });
    const expires = await endMembershipWhenPaid(tx, contactId, now);
    await emailContact(ctx, tx, contact, "cancelled-contribution", {
      EXPIRES: expires ? expires.toISOString().slice(0, 10) : "-",
    });
    await recordReason(ctx, tx, contactId, "cancelled", given);
    await notifyOrganisation(ctx, "cancelled-member", contact, {
      db: tx,
      mergeFields: { REASON: describeReason(given) },
    });
    await emitEvent({ ...ctx, db: tx }, "contribution.cancelled", {
      contactId,
      cancelledAt: now.toISOString(),
      membershipExpires: expires?.toISOString() ?? null,
    });
  });
  await recordActivity(ctx, { kind: "contribution.cancel", contactId });
}

/** Admins: a contribution kept outside the providers (Manual) or none; refused for a running Automatic one. */
export async function forceContribution(
  ctx: AppContext,
  contactId: string,
  input: ForceContribution,
): Promise<ContributionInfo> {
  const { contact, contribution } = await loadContributionState(ctx, contactId);
  if (contact.contributionType === "Automatic" && !contribution?.cancelledAt) {
    throw new AppError("cant-update-contribution", {
      status: 400,
      message: "Cancel the automatic contribution before setting it by hand",
    });
  }
  const hasAmount = input.amount !== undefined && input.amount !== null && !!input.period;
  await ctx.db.transaction(async (tx) => {
    await updateContactContribution({ ...ctx, db: tx }, contactId, {
      contributionType: input.type,
      contributionAmount: hasAmount && input.amount ? toMinorUnits(input.amount) : null,
      contributionPeriod: hasAmount && input.period ? input.period : null,
    });
    await saveContribution({ ...ctx, db: tx }, contactId, {
      manualSource: input.source ?? null,
      manualReference: input.reference ?? null,
      paymentMethod: null,
      paymentSource: null,
      payFee: null,
      provider: null,
      customerId: null,
      mandateId: null,
      subscriptionId: null,
      nextAmount: null,
      cancelledAt: null,
    });
  });
  await recordActivity(ctx, {
    kind: "contribution.force",
    contactId,
    changes: changesOf(
      { type: contact.contributionType, amount: contact.contributionAmount, period: contact.contributionPeriod },
      {
        type: input.type,
        amount: hasAmount && input.amount ? toMinorUnits(input.amount) : null,
        period: hasAmount && input.period ? input.period : null,
        source: input.source ?? null,
        reference: input.reference ?? null,
      },
    ),
  });
  return getContributionInfo(ctx, contactId);
}

/** The reason as the team's email shows it: the reason, then the member's words. */
function describeReason(given: { reason: string; detail: string } | null): string {
  if (!given) return "-";
  return given.detail ? `${given.reason}: ${given.detail}` : given.reason;
}
