import type { PaymentFlowParams } from "@cohort/common/contributions";

/** Leaves the app for the provider's page; an object so tests can watch it. */
export const providerNavigation = {
  assign: (url: string) => window.location.assign(url),
};

/**
 * Where the browser goes after a provider setup starts. Redirect flows
 * (GoCardless, the test checkout) leave the app and answer null; Stripe
 * answers with a SetupIntent's client secret, which the page confirms in
 * place with Stripe's payment form (`StripeSetupStep`).
 */
export function followProviderStep(params: PaymentFlowParams): string | null {
  if ("redirectUrl" in params) {
    providerNavigation.assign(params.redirectUrl);
    return null;
  }
  return params.clientSecret;
}
