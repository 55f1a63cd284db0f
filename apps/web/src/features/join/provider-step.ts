import type { PaymentFlowParams } from "@cohort/common/contributions";

/** Leaves the app for the provider's page; an object so tests can watch it. */
export const providerNavigation = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * Where the browser goes after a provider setup starts. Redirect flows
 * (GoCardless, the test checkout) leave the app; card setups answer with a
 * client secret that only Stripe.js can confirm, which this build does not
 * include, so the page explains that instead.
 */
export function followProviderStep(params: PaymentFlowParams): "redirected" | "needs-stripe" {
  if ("redirectUrl" in params) {
    providerNavigation.assign(params.redirectUrl);
    return "redirected";
  }
  return "needs-stripe";
}
