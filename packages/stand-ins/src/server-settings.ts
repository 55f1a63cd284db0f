import type { GoCardlessStandIn } from "./gocardless.js";
import type { StripeStandIn } from "./stripe.js";

/**
 * The server settings that point its Stripe and GoCardless adapters at the
 * stand-ins, Stripe's webhooks signed with `stripeWebhookSecret`.
 */
export function paymentSettings(
  stripe: StripeStandIn,
  gocardless: GoCardlessStandIn,
  stripeWebhookSecret: string,
): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripeWebhookSecret,
    STRIPE_API_HOST: stripe.host,
    STRIPE_API_PORT: String(stripe.port),
    STRIPE_API_PROTOCOL: stripe.protocol,
    GOCARDLESS_ACCESS_TOKEN: gocardless.accessToken,
    GOCARDLESS_WEBHOOK_SECRET: gocardless.webhookSecret,
    GOCARDLESS_API_URL: gocardless.baseUrl,
  };
}
