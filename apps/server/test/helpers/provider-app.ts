import { randomUUID } from "node:crypto";
import { startGoCardlessStandIn, type GoCardlessStandIn } from "./gocardless-stand-in.js";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in.js";
import { createTestApp, type TestApp } from "./test-app.js";

/** A test app whose Stripe and GoCardless adapters talk to stand-ins on loopback. */
export interface ProviderApp {
  t: TestApp;
  stripe: StripeStandIn;
  gocardless: GoCardlessStandIn;
}

/** The settings that point the app at the stand-ins (Stripe webhooks signed with `stripeWebhookSecret`). */
export function standInEnv(
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

/** Starts both stand-ins and an app that uses them, with any further settings. */
export async function startProviderApp(
  stripeWebhookSecret: string,
  env: Record<string, string> = {},
): Promise<ProviderApp> {
  const stripe = await startStripeStandIn();
  const gocardless = await startGoCardlessStandIn();
  const t = await createTestApp({ ...standInEnv(stripe, gocardless, stripeWebhookSecret), ...env });
  return { t, stripe, gocardless };
}

export async function closeProviderApp({ t, stripe, gocardless }: ProviderApp): Promise<void> {
  await t.close();
  await stripe.close();
  await gocardless.close();
}

/** A `POST /signup` body of someone joining with a monthly contribution paid by `paymentMethod`. */
export function signupBody(paymentMethod: string) {
  return {
    email: `joiner.${randomUUID().slice(0, 8)}@example.org`,
    password: "Joining-pass1",
    loginUrl: "https://members.example.org/auth/login",
    setPasswordUrl: "https://members.example.org/auth/set-password",
    confirmUrl: "https://members.example.org/join/confirm-email",
    contribution: {
      amount: 8,
      period: "monthly",
      payFee: false,
      paymentMethod,
      completeUrl: "https://members.example.org/join/complete",
    },
  };
}
