import type { PaymentMethod } from "@cohort/common/payments";
import type { Config } from "../../config.js";
import type { Clock } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { PaymentProvider, PaymentProviderId, ProviderEvent } from "./index.js";
import { guardUpstream } from "./index.js";
import { GoCardlessPaymentProvider, isGoCardlessUnavailable } from "./gocardless.js";
import { isStripeUnavailable, StripePaymentProvider } from "./stripe.js";
import { TestPaymentProvider } from "./test-provider.js";

/** The payment providers enabled in this installation. */
export interface PaymentProviders {
  readonly all: readonly PaymentProvider[];
  /** The provider by id, when it is enabled. */
  get(id: string): PaymentProvider | undefined;
  /** The provider that takes payments by this method; a real provider wins over the test one. */
  forMethod(method: PaymentMethod): PaymentProvider | undefined;
}

export interface PaymentProviderDependencies {
  db: Db;
  clock: Clock;
  newId: () => string;
  /** Applies a provider's events (the test provider's payments) like webhook events. */
  emit: (provider: PaymentProviderId, event: ProviderEvent) => Promise<void>;
  /** Providers built elsewhere (stand-ins in tests); they take precedence over configured ones. */
  extra?: readonly PaymentProvider[];
}

export function paymentProviderSet(providers: readonly PaymentProvider[]): PaymentProviders {
  const preferred = [
    ...providers.filter((provider) => provider.id !== "test"),
    ...providers.filter((p) => p.id === "test"),
  ];
  return {
    all: providers,
    get: (id) => providers.find((provider) => provider.id === id),
    forMethod: (method) => preferred.find((provider) => provider.methods.includes(method)),
  };
}

/**
 * Builds the enabled providers. Stripe (card, SEPA, BACS, PayPal, iDEAL) and
 * GoCardless (direct debit) join the list when their keys are configured; an
 * API of theirs out of reach becomes a 503 `payment-provider-unavailable`.
 * The built-in test provider is there only while `TEST_PAYMENTS` is on (by
 * default in development and tests, never by default in production), so a
 * live site offers only what a real provider can take (decision 021).
 */
export function createPaymentProviders(config: Config, deps: PaymentProviderDependencies): PaymentProviders {
  const providers: PaymentProvider[] = [...(deps.extra ?? [])];
  const has = (id: PaymentProviderId) => providers.some((provider) => provider.id === id);
  const { stripe, gocardless } = config;
  if (stripe.secretKey && !has("stripe")) {
    const provider = new StripePaymentProvider({
      secretKey: stripe.secretKey,
      webhookSecret: stripe.webhookSecret ?? "",
      currency: config.currencyCode,
      host: stripe.host,
      port: stripe.port,
      protocol: stripe.protocol,
      clock: deps.clock,
    });
    providers.push(guardUpstream(provider, isStripeUnavailable));
  }
  if (gocardless.accessToken && !has("gocardless")) {
    const provider = new GoCardlessPaymentProvider({
      accessToken: gocardless.accessToken,
      webhookSecret: gocardless.webhookSecret ?? "",
      environment: gocardless.environment,
      currency: config.currencyCode,
      clock: deps.clock,
      baseUrl: gocardless.apiUrl,
    });
    providers.push(guardUpstream(provider, isGoCardlessUnavailable));
  }
  if (config.testPayments.enabled && !has("test")) {
    providers.push(
      new TestPaymentProvider({
        db: deps.db,
        clock: deps.clock,
        newId: deps.newId,
        appUrl: config.appUrl,
        currency: config.currencyCode,
        webhookSecret: config.testPayments.webhookSecret,
        emit: deps.emit,
      }),
    );
  }
  return paymentProviderSet(providers);
}
