import type { CompleteFlow } from "@cohort/common/contributions";
import { toMajorUnits, toMinorUnits } from "@cohort/common/contributions";
import type { Gift, GiftReceipt } from "@cohort/common/gifts";
import type { PaymentMethod } from "@cohort/common/payments";
import type { PaymentFlowParams } from "@cohort/common/contributions";
import { ONE_WEEK } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import { AppError, notFound } from "../../http/errors.js";
import { assertOwnLink } from "../../http/links.js";
import { invalidField, SCHEMA_SUMMARY } from "../../http/parse.js";
import { getGiftRules } from "../content/service.js";
import { insertPaymentFlow } from "../contributions/flows.js";
import { applyProviderEvent } from "../payments/events.js";
import { paymentReceipt, receiptNumber, type ReceiptFile } from "../receipts/service.js";
import * as queries from "./queries.js";

/** Gifts are paid by card: at Stripe a card or a wallet paying by card, or the test checkout (decision 068). */
export const GIFT_METHOD: PaymentMethod = "s_card";

/** How long the page a giver returns to can show and download the gift's receipt without a login. */
export const GIFT_RECEIPT_LINK_LIFETIME = ONE_WEEK;

const unknownGift = () => notFound("No gift with that id");

/**
 * Starts a one-time gift: checks it against the gift settings, starts a
 * one-off payment at the provider that takes cards and stores the flow with
 * the giver's details. No contact is created or changed before the money is
 * paid. Answers what the browser does next, as a join does.
 */
export async function startGift(ctx: AppContext, input: Gift): Promise<PaymentFlowParams> {
  assertOwnLink(ctx.config, "completeUrl", input.completeUrl, "return");
  const rules = await getGiftRules(ctx);
  if (!rules.isEnabled) throw notFound("One-time gifts are not offered");
  if (input.amount < rules.minAmount) {
    throw invalidField(
      "amount",
      { key: "adminMembership.errors.atLeast", params: { amount: rules.minAmount } },
      { rule: "too_small", summary: SCHEMA_SUMMARY },
    );
  }
  const provider = ctx.payments.forMethod(GIFT_METHOD);
  if (!provider) throw new AppError("invalid-request", { status: 400, message: "Card payments are not available" });
  const flowId = ctx.newId();
  const amountMinor = toMinorUnits(input.amount);
  const started = await provider.startGift({
    flowId,
    email: input.email,
    paymentMethod: GIFT_METHOD,
    amountMinor,
    currency: ctx.config.currencyCode,
    completeUrl: input.completeUrl,
  });
  await insertPaymentFlow(ctx, {
    id: flowId,
    provider: provider.id,
    providerFlowId: started.providerFlowId,
    purpose: "gift",
    contactId: null,
    form: { amount: amountMinor, period: "monthly", payFee: false, prorate: false, paymentMethod: GIFT_METHOD },
    completeUrl: input.completeUrl,
    giver: {
      email: input.email,
      firstname: input.firstname ?? "",
      lastname: input.lastname ?? "",
      locale: input.locale ?? null,
    },
    createdAt: ctx.clock.now(),
  });
  return "clientSecret" in started ? { clientSecret: started.clientSecret } : { redirectUrl: started.redirectUrl };
}

/** A gift's flow the giver may still come back to, and its payment as the provider reports it. */
async function readGift(ctx: AppContext, providerFlowId: string) {
  const flow = await queries.findGiftFlowByProviderFlow(ctx.db, providerFlowId);
  const since = ctx.clock.now().getTime() - GIFT_RECEIPT_LINK_LIFETIME;
  if (!flow || flow.createdAt.getTime() < since) throw unknownGift();
  const provider = ctx.payments.get(flow.provider);
  if (!provider) throw unknownGift();
  return { flow, provider, event: await provider.readGift(flow.providerFlowId) };
}

/**
 * The giver is back from the provider: the payment is read from the provider
 * and applied exactly as its webhook would be, so whichever comes first (or
 * twice) makes one payment and one contact. A payment not made is the
 * provider's 400. Answers the receipt's figures.
 */
export async function completeGift(ctx: AppContext, input: CompleteFlow): Promise<GiftReceipt> {
  const { provider, event } = await readGift(ctx, input.paymentFlowId);
  await applyProviderEvent(ctx, provider.id, event);
  const payment = await queries.findGiftPayment(ctx.db, provider.id, event.providerPaymentId);
  if (!payment) throw unknownGift();
  return {
    receiptNumber: receiptNumber(payment),
    amount: toMajorUnits(payment.amount),
    currency: payment.currency,
    chargeDate: payment.chargeDate.toISOString(),
    status: payment.status,
  };
}

/**
 * The gift's receipt as a PDF for the page the giver returned to, within a
 * week of the gift; later the giver downloads it from their account, like
 * every receipt. 404 for an unknown or older gift, or one not yet paid; a
 * payment the provider says was not made is its 400, as on completing.
 */
export async function giftReceipt(ctx: AppContext, providerFlowId: string): Promise<ReceiptFile> {
  const { flow, provider, event } = await readGift(ctx, providerFlowId);
  const payment = await queries.findGiftPayment(ctx.db, provider.id, event.providerPaymentId);
  if (!payment?.contactId || !flow.giver) throw unknownGift();
  // Whoever holds the link gave with this address but may not own it: the
  // receipt names the giver as the form did, never the contact's record.
  return paymentReceipt(ctx, payment.contactId, payment.id, flow.giver);
}
