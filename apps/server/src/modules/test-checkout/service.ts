import type { PaymentMethod } from "@cohort/common/payments";
import type { GeneralContent } from "@cohort/common/content";
import { defaultThemeColors } from "@cohort/common/content";
import { contributionPaths, estimateFee, feeRegion, toMajorUnits } from "@cohort/common/contributions";
import type { Locale } from "@cohort/common/i18n";
import { chooseLocale, localeTags } from "@cohort/common/i18n";
import type { AppContext } from "../../context.js";
import { notFound } from "../../http/errors.js";
import { ownLinkOr } from "../../http/links.js";
import { getGeneralContent } from "../content/service.js";
import { recordTestOutcome } from "../contributions/flows.js";
import * as queries from "./queries.js";
import { checkoutTexts } from "./texts.js";

export const checkoutOutcomes = ["successful", "failed", "pending"] as const;
export type CheckoutOutcome = (typeof checkoutOutcomes)[number];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * An open flow of the built-in test provider, while that provider is on; with
 * `TEST_PAYMENTS` off (production's default) no one can "pay" here.
 */
async function findOpenFlow(ctx: AppContext, flowId: string) {
  if (!ctx.payments.get("test")) throw notFound("Test payments are switched off");
  return queries.findOpenTestFlow(ctx.db, flowId);
}

/** The page's language: the one the app page that started the flow forced, else the organisation's. */
function checkoutLocale(completeUrl: string, organisationLocale: Locale): Locale {
  const queryLang = URL.canParse(completeUrl) ? new URL(completeUrl).searchParams.get("lang") : null;
  return chooseLocale({ queryLang, organisationLocale, isAdminPath: false });
}

/** The app's look: its colours and font, on the same pale canvas. */
function pageStyle(theme: GeneralContent["theme"]): string {
  const colors = { ...defaultThemeColors, ...theme.colors };
  return `*{box-sizing:border-box}
body{margin:0;min-height:100vh;background:color-mix(in oklab,${colors.primary} 4%,#f8f9fb);color:${colors.body};
font-family:ui-sans-serif,system-ui,sans-serif;font-size:1rem;line-height:1.5}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem 3rem}
.banner{margin:0 0 1.5rem;padding:.75rem 1rem;border-radius:.5rem;background:#fef3c7;border:1px solid #b45309;color:#78350f;font-weight:700}
.card{background:#fff;border:1px solid color-mix(in oklab,${colors.body} 12%,transparent);border-radius:.75rem;padding:1.5rem;
box-shadow:0 1px 2px rgb(0 0 0/.05)}
h1{margin:0 0 .5rem;font-size:1.5rem;line-height:1.25;color:${colors.primary}}
.intro{margin:0 0 1.25rem;color:color-mix(in oklab,${colors.body} 80%,#fff)}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}
dt{font-weight:600}dd{margin:0;text-align:end;font-variant-numeric:tabular-nums}
form{display:grid;gap:.75rem}
button{width:100%;min-height:2.75rem;padding:.625rem 1rem;border-radius:.5rem;font:inherit;font-weight:600;cursor:pointer;
border:1px solid color-mix(in oklab,${colors.body} 25%,transparent);background:#fff;color:${colors.body}}
button.primary{background:${colors.primary};border-color:${colors.primary};color:#fff}
button:focus-visible{outline:2px solid ${colors.link};outline-offset:2px}`;
}

/** The checkout page of the built-in test provider, for an open flow, in the app's language and look. */
export async function renderCheckoutPage(ctx: AppContext, flowId: string): Promise<string> {
  const flow = await findOpenFlow(ctx, flowId);
  if (!flow) throw notFound("No open test checkout with that id");
  const general = await getGeneralContent(ctx);
  const { currencyCode, organisationName } = general;
  const locale = checkoutLocale(flow.completeUrl, general.locale);
  const texts = checkoutTexts[locale];
  const method = flow.form.paymentMethod as PaymentMethod;
  const fee = flow.form.payFee
    ? estimateFee({
        amountMinor: flow.form.amount,
        period: flow.form.period,
        paymentMethod: method,
        region: feeRegion(currencyCode),
      })
    : 0;
  const format = new Intl.NumberFormat(localeTags[locale], { style: "currency", currency: currencyCode });
  const money = (minor: number) => format.format(toMajorUnits(minor));
  const isGift = flow.purpose === "gift";
  const rows: [string, string][] = [
    [texts.amount, money(flow.form.amount)],
    [texts.period, isGift ? texts.once : flow.form.period === "annually" ? texts.annually : texts.monthly],
    [texts.fee, flow.form.payFee ? money(fee) : texts.feeNotPaid],
    [texts.charged, money(flow.form.amount + fee)],
    [texts.method, texts.methods[method] ?? method],
  ];
  const button = (outcome: CheckoutOutcome, className = "") =>
    `<button type="submit" name="outcome" value="${outcome}"${className ? ` class="${className}"` : ""}>${escapeHtml(texts[outcome])}</button>`;
  return `<!doctype html>
<html lang="${localeTags[locale]}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(texts.pageTitle)}</title>
<style>${pageStyle(general.theme)}</style></head>
<body><main><p class="banner" role="alert">${escapeHtml(texts.banner)}</p>
<div class="card"><h1>${escapeHtml(texts.heading.replace("{org}", organisationName))}</h1>
<p class="intro">${escapeHtml(texts.intro)}</p>
<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join("")}</dl>
<form method="post" action="/test-checkout/${escapeHtml(flow.id)}">
${button("successful", "primary")}
${button("failed")}
${button("pending")}
</form></div></main></body></html>`;
}

/** Cohort's own page that finishes each kind of flow. */
const ownCompletePage: Record<queries.CheckoutFlowRow["purpose"], string> = {
  join: contributionPaths.joinComplete,
  contribution: contributionPaths.contributionComplete,
  "payment-method": contributionPaths.paymentMethodComplete,
  gift: contributionPaths.giftComplete,
};

/** Records the outcome and answers where the provider sends the person back (GoCardless style). */
export async function recordCheckoutOutcome(
  ctx: AppContext,
  flowId: string,
  outcome: CheckoutOutcome,
): Promise<string> {
  const flow = await findOpenFlow(ctx, flowId);
  if (!flow) throw notFound("No open test checkout with that id");
  await recordTestOutcome(ctx, flow.id, outcome);
  // A flow stored before return addresses were checked goes back to Cohort's own page (decision 049).
  const url = new URL(ownLinkOr(ctx.config, flow.completeUrl, "return", ownCompletePage[flow.purpose]));
  url.searchParams.set("redirect_flow_id", flow.providerFlowId);
  return url.toString();
}
