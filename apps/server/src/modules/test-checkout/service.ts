import type { PaymentMethod } from "@cohort/common/contributions";
import { estimateFee, feeRegion, toMajorUnits } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { getGeneralContent } from "../content/service.js";
import * as queries from "./queries.js";

export const checkoutOutcomes = ["successful", "failed", "pending"] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];

const methodNames: Record<PaymentMethod, string> = {
  s_card: "Card",
  s_sepa: "SEPA direct debit",
  s_bacs: "BACS direct debit",
  s_paypal: "PayPal",
  s_ideal: "iDEAL",
  "gc_direct-debit": "Direct debit",
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * An open flow of the built-in test provider, while that provider is on; with
 * `TEST_PAYMENTS` off (production's default) no one can "pay" here.
 */
async function findOpenFlow(ctx: AppContext, flowId: string) {
  if (!ctx.payments.get("test")) throw notFound("Test payments are switched off");
  return queries.findOpenTestFlow(ctx.db, flowId);
}

/** The checkout page of the built-in test provider, for an open flow. */
export async function renderCheckoutPage(ctx: AppContext, flowId: string): Promise<string> {
  const flow = await findOpenFlow(ctx, flowId);
  if (!flow) throw notFound("No open test checkout with that id");
  const { currencyCode, currencySymbol, organisationName } = await getGeneralContent(ctx);
  const method = flow.form.paymentMethod as PaymentMethod;
  const fee = flow.form.payFee
    ? estimateFee({
        amountMinor: flow.form.amount,
        period: flow.form.period,
        paymentMethod: method,
        region: feeRegion(currencyCode),
      })
    : 0;
  const money = (minor: number) => `${currencySymbol}${toMajorUnits(minor).toFixed(2)}`;
  const rows: [string, string][] = [
    ["Amount", money(flow.form.amount)],
    ["Period", flow.form.period === "annually" ? "Annually" : "Monthly"],
    ["Fee", flow.form.payFee ? money(fee) : "Not paid by the member"],
    ["Charged each period", money(flow.form.amount + fee)],
    ["Method", methodNames[method] ?? method],
  ];
  const button = (outcome: CheckoutOutcome, label: string) =>
    `<button type="submit" name="outcome" value="${outcome}">${label}</button>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Test checkout</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
.banner{background:#fde68a;border:2px solid #b45309;padding:.75rem;font-weight:700}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dt{font-weight:600}
button{display:block;width:100%;margin:.5rem 0;padding:.75rem;font-size:1rem}</style></head>
<body><p class="banner" role="alert">Test mode — no real money moves</p>
<h1>${escapeHtml(organisationName)}: test checkout</h1>
<dl>${rows.map(([term, value]) => `<dt>${term}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>
<form method="post" action="/test-checkout/${escapeHtml(flow.id)}">
${button("successful", "Pay successfully")}
${button("failed", "Fail the payment")}
${button("pending", "Leave the payment pending")}
</form></body></html>`;
}

/** Records the outcome and answers where the provider sends the person back (GoCardless style). */
export async function recordCheckoutOutcome(
  ctx: AppContext,
  flowId: string,
  outcome: CheckoutOutcome,
): Promise<string> {
  const flow = await findOpenFlow(ctx, flowId);
  if (!flow) throw notFound("No open test checkout with that id");
  await queries.recordTestOutcome(ctx.db, flow.id, outcome);
  const url = new URL(flow.completeUrl);
  url.searchParams.set("redirect_flow_id", flow.providerFlowId);
  return url.toString();
}
