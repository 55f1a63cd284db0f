import type { PaymentMethod } from "@cohort/common/payments";
import type { PaymentFlowParams } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import type { ContributionForm } from "../../db/schema/payments.js";
import { AppError, notFound } from "../../http/errors.js";
import { assertOwnLink } from "../../http/links.js";
import type { ProviderMandate } from "../../providers/payment/index.js";
import * as queries from "./queries.js";

export type { PaymentFlowRow } from "./queries.js";
export type { ContributionForm } from "../../db/schema/payments.js";

export interface StartPaymentFlowInput {
  /** Why the person goes to the provider: joining, starting/changing a contribution, a new payment method. */
  purpose: "join" | "contribution" | "payment-method";
  /** Null while joining: the contact only exists once the email is confirmed. */
  contactId: string | null;
  email: string;
  /** Amount in minor units per period, period, fee choice, proration and method. */
  form: ContributionForm;
  /** Where the provider sends the person back; it appends its flow id (`setup_intent`, `redirect_flow_id`). */
  completeUrl: string;
  /** The body field `completeUrl` came in, named when it is refused; `completeUrl` unless given. */
  completeUrlField?: string;
}

/**
 * Starts a trip to the payment provider that takes `form.paymentMethod` and
 * stores it as a payment flow (in the database, so any server copy can finish
 * it). Answers our flow id and what the browser does next: a Stripe client
 * secret, or a redirect (GoCardless, the test checkout page).
 * Throws 400 `invalid-request` when no enabled provider takes the method, and
 * 400 `untrusted-url` when `completeUrl` leads off Cohort and the listed sites.
 */
export async function startPaymentFlow(
  ctx: AppContext,
  input: StartPaymentFlowInput,
): Promise<{ flowId: string; params: PaymentFlowParams }> {
  assertOwnLink(ctx.config, input.completeUrlField ?? "completeUrl", input.completeUrl, "return");
  const method = input.form.paymentMethod as PaymentMethod;
  const provider = ctx.payments.forMethod(method);
  if (!provider) {
    throw new AppError("invalid-request", { status: 400, message: "That payment method is not available" });
  }
  const flowId = ctx.newId();
  const started = await provider.startFlow({
    flowId,
    email: input.email,
    paymentMethod: method,
    completeUrl: input.completeUrl,
  });
  await queries.insertPaymentFlow(ctx.db, {
    id: flowId,
    provider: provider.id,
    providerFlowId: started.providerFlowId,
    purpose: input.purpose,
    contactId: input.contactId,
    form: input.form,
    completeUrl: input.completeUrl,
    createdAt: ctx.clock.now(),
  });
  const params: PaymentFlowParams =
    "clientSecret" in started ? { clientSecret: started.clientSecret } : { redirectUrl: started.redirectUrl };
  return { flowId, params };
}

/** The stored flow for a provider's flow id (the `paymentFlowId` the browser sends back); 404 when unknown. */
export async function findPaymentFlow(ctx: AppContext, providerFlowId: string): Promise<queries.PaymentFlowRow> {
  const flow = await queries.findPaymentFlow(ctx.db, providerFlowId);
  if (!flow || flow.completedAt) throw notFound("No open payment flow with that id");
  return flow;
}

/**
 * Asks the flow's provider whether the person finished it and its payment did
 * not fail, without completing it: the provider's refusal (400) propagates.
 */
export async function checkPaymentFlow(ctx: AppContext, flow: queries.PaymentFlowRow): Promise<void> {
  const provider = ctx.payments.get(flow.provider);
  if (!provider) throw notFound("The payment provider of this flow is not enabled");
  await provider.checkFlow(flow.providerFlowId);
}

/**
 * Completes a flow at its provider and marks it used, once: a second
 * completion is a 404. Answers the flow (purpose, contact, form) and the
 * mandate to store. Provider refusals (the person did not finish, the test
 * payment failed) propagate as the provider's error, and leave the flow open.
 */
export async function completePaymentFlow(
  ctx: AppContext,
  providerFlowId: string,
): Promise<{ flow: queries.PaymentFlowRow; mandate: ProviderMandate }> {
  const flow = await findPaymentFlow(ctx, providerFlowId);
  const provider = ctx.payments.get(flow.provider);
  if (!provider) throw notFound("The payment provider of this flow is not enabled");
  const mandate = await provider.completeFlow(providerFlowId);
  const claimed = await queries.claimPaymentFlow(ctx.db, flow.id, ctx.clock.now());
  if (!claimed) throw notFound("No open payment flow with that id");
  return { flow: claimed, mandate };
}

/*
 * The payment flows other modules start and finish (a gift's, the test checkout's choice): the
 * contributions module owns the payment flows and writes them for everyone (decision 083).
 */

/** Stores a payment flow started elsewhere (a gift's trip to the provider). */
export async function insertPaymentFlow(
  ctx: Pick<AppContext, "db">,
  flow: Parameters<typeof queries.insertPaymentFlow>[1],
): Promise<void> {
  await queries.insertPaymentFlow(ctx.db, flow);
}

/** Marks the flow completed at `now`; false when it already was (a second completion). */
export async function markPaymentFlowDone(ctx: Pick<AppContext, "db">, flowId: string, now: Date): Promise<boolean> {
  return (await queries.claimPaymentFlow(ctx.db, flowId, now)) !== undefined;
}

/** Keeps the outcome a person chose on the test checkout with its open flow, for the test provider. */
export async function recordTestOutcome(ctx: Pick<AppContext, "db">, flowId: string, outcome: string): Promise<void> {
  await queries.recordTestOutcome(ctx.db, flowId, outcome);
}
