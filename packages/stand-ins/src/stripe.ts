import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * An in-memory stand-in for the part of Stripe's HTTP API the Stripe payment
 * provider uses: customers, setup intents, payment methods, prices,
 * subscriptions and the invoices they raise. It reads the SDK's form-encoded
 * bodies, answers with JSON shaped like Stripe's objects and refuses requests
 * without the expected secret key. Like Stripe, it also lets a browser holding
 * the publishable key and a SetupIntent's client secret read and confirm that
 * SetupIntent (what Stripe.js does), and allows such calls from any origin.
 * One-off PaymentIntents (gifts) are created, read and confirmed alike.
 */
export type StandInObject = Record<string, unknown> & { id: string; object: string };

export interface StandInRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: Record<string, unknown>;
  authorization: string;
}

export type PaymentMethodKind = "card" | "sepa_debit" | "bacs_debit" | "paypal" | "ideal";

export interface StripeStandIn {
  host: string;
  port: number;
  protocol: "http";
  secretKey: string;
  publishableKey: string;
  requests: StandInRequest[];
  customers: Map<string, StandInObject>;
  setupIntents: Map<string, StandInObject>;
  paymentMethods: Map<string, StandInObject>;
  prices: Map<string, StandInObject>;
  subscriptions: Map<string, StandInObject>;
  invoices: Map<string, StandInObject>;
  /** How each paid invoice was paid: `invoice_payment` objects naming their payment intent. */
  invoicePayments: Map<string, StandInObject>;
  /** Payment intents: one-off payments (gifts), and those of invoices that failed, with the decline that stopped them. */
  paymentIntents: Map<string, StandInObject>;
  /**
   * A renewal of the subscription that could not be collected: an open invoice
   * with its attempt count and Stripe's next retry, paid by a payment intent
   * whose last error carries the decline code (`expired_card`,
   * `insufficient_funds`, `authentication_required`, `do_not_honor` …). Called
   * again for the same invoice, it is a failed retry.
   */
  failRenewal(
    subscriptionId: string,
    declineCode: string,
    options?: { invoiceId?: string; nextPaymentAttempt?: number | null },
  ): StandInObject;
  /** Adds a payment method of the given kind, as the browser would through Stripe.js. */
  addPaymentMethod(kind: PaymentMethodKind, details?: Record<string, unknown>): StandInObject;
  /** Marks a setup intent as confirmed with the payment method (and, for iDEAL, the SEPA method it generated). */
  succeedSetupIntent(id: string, paymentMethodId: string, generatedSepaDebit?: string): void;
  /** Pays a payment intent by card, as confirming it in the browser would. */
  succeedPaymentIntent(id: string): StandInObject;
  close(): Promise<void>;
}

const defaultDetails: Record<PaymentMethodKind, Record<string, unknown>> = {
  card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030, country: "GB" },
  sepa_debit: { country: "DE", bank_code: "37040044", branch_code: "", last4: "3000", fingerprint: "fp" },
  bacs_debit: { sort_code: "108800", last4: "2345", fingerprint: "fp" },
  paypal: { payer_email: "payer@example.org", payer_id: "PAYERID42", country: "GB" },
  ideal: { bank: "ing", bic: "INGBNL2A" },
};

/** Reads `a[b][0]=c` style form fields into nested objects and arrays. */
export function parseStripeForm(text: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Record<string, unknown> = root;
    parts.forEach((part, index) => {
      const name = part === "" ? String(Object.keys(node).length) : part;
      if (index === parts.length - 1) node[name] = value;
      else node = (node[name] ??= {}) as Record<string, unknown>;
    });
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, arraysFromIndexes(inner)] as const);
  const isArray = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isArray ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}

/** A form field as text; anything else (absent, nested) reads as empty. */
const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The test card Stripe always declines: 4000 0000 0000 0002. */
function isDeclinedCard(fields: Record<string, unknown>): boolean {
  return text(fields.number).replace(/\s/g, "") === "4000000000000002";
}

function cardDeclined() {
  return {
    status: 402,
    body: { error: { type: "card_error", code: "card_declined", message: "Your card was declined." } },
  };
}

/** The stored card's brand, last four digits and expiry from the typed card fields. */
function cardDetails(fields: Record<string, unknown>): Record<string, unknown> {
  const number = text(fields.number).replace(/\s/g, "");
  if (!number) return {};
  const brand = number.startsWith("4") ? "visa" : number.startsWith("5") ? "mastercard" : "unknown";
  const month = Number(text(fields.exp_month));
  const year = Number(text(fields.exp_year));
  return {
    brand,
    last4: number.slice(-4),
    ...(month > 0 && { exp_month: month }),
    ...(year > 0 && { exp_year: year < 100 ? 2000 + year : year }),
  };
}

const list = (data: StandInObject[], url: string) => ({ object: "list", data, has_more: false, url });

function stripeError(status: number, code: string | undefined, message: string) {
  return { status, body: { error: { type: "invalid_request_error", code, message } } };
}

const pauseBehaviors = new Set(["void", "keep_as_draft", "mark_uncollectible"]);

/**
 * `pause_collection` of a subscription update, as Stripe reads it: an empty
 * value resumes collection (null); otherwise a behavior and an optional
 * `resumes_at` (Unix seconds).
 */
function readPauseCollection(value: unknown): Record<string, unknown> | null | "invalid" {
  if (value === "") return null;
  if (typeof value !== "object" || value === null) return "invalid";
  const fields = value as Record<string, unknown>;
  const behavior = text(fields.behavior);
  if (!pauseBehaviors.has(behavior)) return "invalid";
  const resumesAt = text(fields.resumes_at);
  if (resumesAt && !/^\d+$/.test(resumesAt)) return "invalid";
  return { behavior, resumes_at: resumesAt ? Number(resumesAt) : null };
}

export async function startStripeStandIn(options: { now?: () => Date } = {}): Promise<StripeStandIn> {
  const now = () => Math.floor((options.now?.() ?? new Date()).getTime() / 1000);
  const secretKey = "sk_test_standin_0123456789";
  const publishableKey = "pk_test_standin_0123456789";
  const requests: StandInRequest[] = [];
  const customers = new Map<string, StandInObject>();
  const setupIntents = new Map<string, StandInObject>();
  const paymentMethods = new Map<string, StandInObject>();
  const prices = new Map<string, StandInObject>();
  const subscriptions = new Map<string, StandInObject>();
  const invoices = new Map<string, StandInObject>();
  const invoicePayments = new Map<string, StandInObject>();
  const setupAttempts = new Map<string, StandInObject>();
  const paymentIntents = new Map<string, StandInObject>();
  let counter = 0;
  const newId = (prefix: string) => `${prefix}_standin${(++counter).toString().padStart(6, "0")}`;
  const base = (prefix: string, object: string) => ({ id: newId(prefix), object, created: now(), livemode: false });

  const periodEnd = (start: number, interval: unknown) => start + (interval === "year" ? 365 : 30) * 86_400;

  function raiseInvoice(subscription: StandInObject, amount: number, reason: string): StandInObject {
    const item = (subscription.items as { data: Record<string, unknown>[] }).data[0] ?? {};
    const price = item.price as StandInObject;
    const invoice: StandInObject = {
      ...base("in", "invoice"),
      customer: subscription.customer,
      currency: price.currency,
      status: "paid",
      amount_due: amount,
      amount_paid: amount,
      total: amount,
      billing_reason: reason,
      parent: { type: "subscription_details", subscription_details: { subscription: subscription.id, metadata: {} } },
      status_transitions: { finalized_at: now(), paid_at: now(), voided_at: null, marked_uncollectible_at: null },
      lines: list(
        [
          {
            id: newId("il"),
            object: "line_item",
            amount,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
        "/v1/invoices/lines",
      ),
    };
    invoices.set(invoice.id, invoice);
    const invoicePayment = {
      ...base("inpay", "invoice_payment"),
      invoice: invoice.id,
      amount_paid: amount,
      status: "paid",
      payment: { type: "payment_intent", payment_intent: newId("pi") },
    };
    invoicePayments.set(invoicePayment.id, invoicePayment);
    subscription.latest_invoice = invoice.id;
    return invoice;
  }

  function failRenewal(
    subscriptionId: string,
    declineCode: string,
    options: { invoiceId?: string; nextPaymentAttempt?: number | null } = {},
  ): StandInObject {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`No such subscription: ${subscriptionId}`);
    const item = (subscription.items as { data: Record<string, unknown>[] }).data[0] ?? {};
    const price = (item.price as { unit_amount?: number } | undefined)?.unit_amount ?? 0;
    const existing = options.invoiceId ? invoices.get(options.invoiceId) : undefined;
    const invoice = existing ?? raiseInvoice(subscription, price, "subscription_cycle");
    const total = invoice.total as number;
    const payment = [...invoicePayments.values()].find((entry) => entry.invoice === invoice.id);
    const intentId = (payment?.payment as { payment_intent: string } | undefined)?.payment_intent ?? newId("pi");
    const code =
      declineCode === "expired_card" || declineCode === "authentication_required" ? declineCode : "card_declined";
    paymentIntents.set(intentId, {
      id: intentId,
      object: "payment_intent",
      amount: total,
      status: declineCode === "authentication_required" ? "requires_action" : "requires_payment_method",
      last_payment_error: { type: "card_error", code, decline_code: declineCode, message: "Your card was declined." },
    });
    if (payment) Object.assign(payment, { status: "failed", amount_paid: 0 });
    Object.assign(invoice, {
      status: "open",
      amount_due: total,
      amount_paid: 0,
      total,
      attempted: true,
      attempt_count: ((invoice.attempt_count as number | undefined) ?? 0) + 1,
      next_payment_attempt: options.nextPaymentAttempt === undefined ? now() + 3 * 86_400 : options.nextPaymentAttempt,
      status_transitions: {
        finalized_at: invoice.created,
        paid_at: null,
        voided_at: null,
        marked_uncollectible_at: null,
      },
    });
    return invoice;
  }

  function setItemPrice(subscription: StandInObject, priceId: string, itemId?: string): void {
    const price = prices.get(priceId);
    if (!price) throw Object.assign(new Error("no price"), { missing: priceId });
    const items = subscription.items as { data: Record<string, unknown>[] };
    const previous = items.data.find((item) => item.id === itemId);
    const recurring = price.recurring as { interval: string };
    const previousInterval = (previous?.price as { recurring?: { interval?: string } } | undefined)?.recurring
      ?.interval;
    const restart = !previous || previousInterval !== recurring.interval;
    const start = restart ? now() : (previous.current_period_start as number);
    const item = {
      id: previous?.id ?? newId("si"),
      object: "subscription_item",
      price,
      quantity: 1,
      subscription: subscription.id,
      current_period_start: start,
      current_period_end: restart ? periodEnd(start, recurring.interval) : previous.current_period_end,
    };
    items.data = [item];
  }

  type Answer = { status: number; body: unknown };
  function route(
    method: string,
    parts: string[],
    query: Record<string, unknown>,
    body: Record<string, unknown>,
  ): Answer {
    const [resource, id, action] = parts;
    const found = (map: Map<string, StandInObject>, key: string | undefined): Answer =>
      key && map.has(key)
        ? { status: 200, body: expandLatestAttempt(map.get(key) as StandInObject, query) }
        : stripeError(404, "resource_missing", `No such object: '${key}'`);

    if (resource === "customers" && method === "GET" && id === "search") {
      const email = /email:['"]([^'"]+)['"]/.exec(text(query.query))?.[1];
      return {
        status: 200,
        body: {
          object: "search_result",
          data: [...customers.values()].filter((c) => c.email === email),
          has_more: false,
          next_page: null,
          url: "/v1/customers/search",
        },
      };
    }
    if (resource === "customers" && method === "GET" && !id) {
      return {
        status: 200,
        body: list(
          [...customers.values()].filter((c) => query.email === undefined || c.email === query.email),
          "/v1/customers",
        ),
      };
    }
    if (resource === "customers" && method === "POST" && !id) {
      const customer: StandInObject = {
        ...base("cus", "customer"),
        email: body.email ?? null,
        invoice_settings: { default_payment_method: null },
      };
      customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (resource === "customers" && method === "POST" && id) {
      const customer = customers.get(id);
      if (!customer) return found(customers, id);
      const settings = body.invoice_settings as Record<string, unknown> | undefined;
      if (settings) customer.invoice_settings = { ...(customer.invoice_settings as object), ...settings };
      return { status: 200, body: customer };
    }
    if (resource === "setup_intents" && method === "POST" && !id) {
      if (body.customer && !customers.has(text(body.customer))) {
        return stripeError(400, "resource_missing", "No such customer");
      }
      const intent = base("seti", "setup_intent");
      const types = (body.allowed_payment_method_types ?? body.payment_method_types ?? ["card"]) as string[];
      const setupIntent: StandInObject = {
        ...intent,
        client_secret: `${intent.id}_secret_standin`,
        customer: body.customer ?? null,
        allowed_payment_method_types: types,
        payment_method_types: types,
        payment_method: null,
        latest_attempt: null,
        status: "requires_payment_method",
        usage: body.usage ?? "off_session",
        metadata: body.metadata ?? {},
      };
      setupIntents.set(setupIntent.id, setupIntent);
      return { status: 200, body: setupIntent };
    }
    if (resource === "setup_intents" && method === "POST" && action === "confirm") {
      return confirmSetupIntent(id ?? "", body);
    }
    if (resource === "setup_intents" && method === "GET") return found(setupIntents, id);
    if (resource === "payment_intents" && method === "POST" && !id) {
      if (body.customer && !customers.has(text(body.customer))) {
        return stripeError(400, "resource_missing", "No such customer");
      }
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1) return stripeError(400, "parameter_invalid_integer", "Bad amount");
      const intent = base("pi", "payment_intent");
      const paymentIntent: StandInObject = {
        ...intent,
        client_secret: `${intent.id}_secret_standin`,
        amount,
        amount_received: 0,
        currency: text(body.currency),
        customer: body.customer ?? null,
        description: body.description ?? null,
        payment_method: null,
        payment_method_types: body.allowed_payment_method_types ?? body.payment_method_types ?? ["card"],
        latest_charge: null,
        status: "requires_payment_method",
        metadata: body.metadata ?? {},
      };
      paymentIntents.set(paymentIntent.id, paymentIntent);
      return { status: 200, body: paymentIntent };
    }
    if (resource === "payment_intents" && method === "POST" && action === "confirm") {
      const paymentIntent = paymentIntents.get(id ?? "");
      if (!paymentIntent) return found(paymentIntents, id);
      if (paymentIntent.status === "succeeded") {
        return stripeError(400, "payment_intent_unexpected_state", "This PaymentIntent has already succeeded.");
      }
      const data = (body.payment_method_data ?? {}) as Record<string, unknown>;
      const details = (data.card ?? {}) as Record<string, unknown>;
      if (isDeclinedCard(details)) return cardDeclined();
      return { status: 200, body: succeedPaymentIntent(paymentIntent.id, cardDetails(details)) };
    }
    if (resource === "payment_intents" && method === "GET") return found(paymentIntents, id);
    if (resource === "payment_methods" && method === "GET") return found(paymentMethods, id);
    if (resource === "payment_methods" && method === "POST" && action === "detach") {
      const paymentMethod = paymentMethods.get(id ?? "");
      if (!paymentMethod) return found(paymentMethods, id);
      if (!paymentMethod.customer) {
        return stripeError(400, "payment_method_unexpected_state", "The payment method is not attached to a customer.");
      }
      paymentMethod.customer = null;
      return { status: 200, body: paymentMethod };
    }
    if (resource === "prices" && method === "POST") {
      const product = body.product ?? (body.product_data ? newId("prod") : undefined);
      if (!product) return stripeError(400, "parameter_missing", "Missing product");
      const price: StandInObject = {
        ...base("price", "price"),
        active: true,
        currency: body.currency,
        unit_amount: Number(body.unit_amount),
        recurring: {
          interval: (body.recurring as Record<string, unknown>).interval,
          interval_count: 1,
          usage_type: "licensed",
        },
        product,
        product_name: (body.product_data as Record<string, unknown> | undefined)?.name,
        type: "recurring",
      };
      prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (resource === "invoices" && method === "POST" && id && action === "pay") {
      const invoice = invoices.get(id);
      if (!invoice) return found(invoices, id);
      if (invoice.status === "paid") return stripeError(400, "invoice_already_paid", "Invoice is already paid");
      Object.assign(invoice, {
        status: "paid",
        amount_paid: invoice.total,
        next_payment_attempt: null,
        attempt_count: ((invoice.attempt_count as number | undefined) ?? 0) + 1,
        status_transitions: { ...(invoice.status_transitions as object), paid_at: now() },
      });
      return { status: 200, body: invoice };
    }
    if (resource === "invoices" && method === "GET") return found(invoices, id);
    if (resource === "invoice_payments" && method === "GET" && !id) {
      const wanted = query.payment as Record<string, unknown> | undefined;
      const matching = [...invoicePayments.values()].filter((entry) => {
        const payment = entry.payment as Record<string, unknown>;
        return (
          (query.invoice === undefined || entry.invoice === query.invoice) &&
          (wanted?.payment_intent === undefined || payment.payment_intent === wanted.payment_intent)
        );
      });
      return { status: 200, body: list(matching, "/v1/invoice_payments") };
    }
    if (resource === "subscriptions" && method === "GET" && !id) {
      const mine = [...subscriptions.values()].filter(
        (s) => query.customer === undefined || s.customer === query.customer,
      );
      return { status: 200, body: list(mine, "/v1/subscriptions") };
    }
    if (resource === "subscriptions" && method === "GET") return found(subscriptions, id);
    if (resource === "subscriptions" && method === "POST" && !id) {
      if (!customers.has(text(body.customer))) return stripeError(400, "resource_missing", "No such customer");
      const subscription: StandInObject = {
        ...base("sub", "subscription"),
        customer: body.customer,
        default_payment_method: body.default_payment_method ?? null,
        status: "active",
        items: list([], "/v1/subscription_items"),
        canceled_at: null,
        pause_collection: null,
      };
      const firstItem = (body.items as Record<string, unknown>[])[0] ?? {};
      setItemPrice(subscription, String(firstItem.price));
      subscriptions.set(subscription.id, subscription);
      raiseInvoice(subscription, prices.get(String(firstItem.price))?.unit_amount as number, "subscription_create");
      return { status: 200, body: subscription };
    }
    if (resource === "subscriptions" && method === "POST" && id) {
      const subscription = subscriptions.get(id);
      if (!subscription) return found(subscriptions, id);
      if (subscription.status === "canceled") {
        return stripeError(400, undefined, "A canceled subscription can't be updated.");
      }
      if (body.default_payment_method) subscription.default_payment_method = body.default_payment_method;
      if (body.pause_collection !== undefined) {
        const pause = readPauseCollection(body.pause_collection);
        if (pause === "invalid") {
          return stripeError(
            400,
            "parameter_invalid",
            "Invalid pause_collection: behavior must be void, keep_as_draft or mark_uncollectible",
          );
        }
        subscription.pause_collection = pause;
      }
      const item = (body.items as Record<string, unknown>[] | undefined)?.[0];
      if (item) {
        const before = (subscription.items as { data: { current_period_start: number }[] }).data[0]
          ?.current_period_start;
        setItemPrice(subscription, String(item.price), item.id as string | undefined);
        const after = (subscription.items as { data: { current_period_start: number }[] }).data[0]
          ?.current_period_start;
        const amount = prices.get(String(item.price))?.unit_amount as number;
        if (before !== after || body.proration_behavior === "always_invoice") {
          raiseInvoice(subscription, amount, "subscription_update");
        }
      }
      return { status: 200, body: subscription };
    }
    if (resource === "subscriptions" && method === "DELETE") {
      const subscription = subscriptions.get(id ?? "");
      if (!subscription) return found(subscriptions, id);
      if (subscription.status === "canceled") {
        return stripeError(404, "resource_missing", `No such subscription: '${id}'`);
      }
      Object.assign(subscription, { status: "canceled", canceled_at: now(), ended_at: now() });
      return { status: 200, body: subscription };
    }
    return stripeError(404, undefined, `Unrecognized request URL (${method}: /v1/${parts.join("/")})`);
  }

  /**
   * What Stripe.js asks for on confirming: a new payment method of the chosen
   * type (`payment_method_data[type]`), then the SetupIntent succeeds with it.
   * The test card 4000 0000 0000 0002 is declined, as at Stripe.
   */
  function confirmSetupIntent(id: string, body: Record<string, unknown>): Answer {
    const setupIntent = setupIntents.get(id);
    if (!setupIntent) return stripeError(404, "resource_missing", `No such setupintent: '${id}'`);
    if (setupIntent.status === "succeeded") {
      return stripeError(400, "setup_intent_unexpected_state", "This SetupIntent has already succeeded.");
    }
    const data = (body.payment_method_data ?? {}) as Record<string, unknown>;
    const kind = text(data.type) as PaymentMethodKind;
    if (!(setupIntent.payment_method_types as string[]).includes(kind) || !(kind in defaultDetails)) {
      return stripeError(400, "payment_method_invalid_parameter", `The payment method type "${kind}" is invalid.`);
    }
    const details = (data[kind] ?? {}) as Record<string, unknown>;
    if (kind === "card" && isDeclinedCard(details)) return cardDeclined();
    const paymentMethod = addPaymentMethod(kind, kind === "card" ? cardDetails(details) : {});
    const generated = kind === "ideal" ? addPaymentMethod("sepa_debit").id : undefined;
    succeedSetupIntent(id, paymentMethod.id, generated);
    return { status: 200, body: setupIntent };
  }

  function succeedPaymentIntent(id: string, card: Record<string, unknown> = {}): StandInObject {
    const paymentIntent = paymentIntents.get(id);
    if (!paymentIntent) throw new Error("Unknown payment intent");
    const paymentMethod = addPaymentMethod("card", card);
    Object.assign(paymentIntent, {
      status: "succeeded",
      amount_received: paymentIntent.amount,
      payment_method: paymentMethod.id,
      latest_charge: newId("ch"),
    });
    return paymentIntent;
  }

  function addPaymentMethod(kind: PaymentMethodKind, details?: Record<string, unknown>): StandInObject {
    const paymentMethod: StandInObject = {
      ...base("pm", "payment_method"),
      type: kind,
      customer: null,
      [kind]: { ...defaultDetails[kind], ...details },
    };
    paymentMethods.set(paymentMethod.id, paymentMethod);
    return paymentMethod;
  }

  function succeedSetupIntent(id: string, paymentMethodId: string, generatedSepaDebit?: string): void {
    const setupIntent = setupIntents.get(id);
    const paymentMethod = paymentMethods.get(paymentMethodId);
    if (!setupIntent || !paymentMethod) throw new Error("Unknown setup intent or payment method");
    const saved = paymentMethods.get(generatedSepaDebit ?? paymentMethodId) as StandInObject;
    saved.customer = setupIntent.customer;
    const kind = String(paymentMethod.type);
    const attempt: StandInObject = {
      ...base("setatt", "setup_attempt"),
      setup_intent: id,
      status: "succeeded",
      payment_method: paymentMethodId,
      payment_method_details: {
        type: kind,
        [kind]: kind === "ideal" ? { generated_sepa_debit: generatedSepaDebit ?? null } : {},
      },
    };
    setupAttempts.set(attempt.id, attempt);
    Object.assign(setupIntent, { status: "succeeded", payment_method: paymentMethodId, latest_attempt: attempt.id });
  }

  /** Whether a browser call with the publishable key may go on: only its own SetupIntent, by client secret. */
  function browserMayCall(
    method: string,
    parts: string[],
    query: Record<string, unknown>,
    body: Record<string, unknown>,
  ) {
    const [resource, id, action] = parts;
    const intents =
      resource === "setup_intents" ? setupIntents : resource === "payment_intents" ? paymentIntents : undefined;
    if (!intents || !id) return false;
    const isConfirm = method === "POST" && action === "confirm";
    const isRead = method === "GET" && action === undefined;
    const secret = text(isConfirm ? body.client_secret : query.client_secret);
    return (isConfirm || isRead) && secret !== "" && intents.get(id)?.client_secret === secret;
  }

  function expandLatestAttempt(object: StandInObject, query: Record<string, unknown>): StandInObject {
    const expand = (query.expand ?? []) as string[];
    if (object.object !== "setup_intent" || !expand.includes("latest_attempt") || !object.latest_attempt) return object;
    return { ...object, latest_attempt: setupAttempts.get(text(object.latest_attempt)) ?? null };
  }

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const url = new URL(request.url ?? "/", "http://stand-in");
      const method = request.method ?? "GET";
      const query = parseStripeForm(url.search.slice(1));
      const body = parseStripeForm(Buffer.concat(chunks).toString("utf8"));
      const authorization = request.headers.authorization ?? "";
      const path = url.pathname;
      requests.push({ method, path, query, body, authorization });
      const send = (answer: Answer) => {
        response.writeHead(answer.status, {
          "content-type": "application/json",
          "request-id": newId("req"),
          "access-control-allow-origin": "*",
        });
        response.end(JSON.stringify(answer.body));
      };
      if (method === "OPTIONS") {
        response.writeHead(204, {
          "access-control-allow-origin": "*",
          "access-control-allow-methods": "GET, POST",
          "access-control-allow-headers": "authorization, content-type",
        });
        return response.end();
      }
      const parts = path
        .replace(/^\/v1\//, "")
        .split("/")
        .filter(Boolean)
        .map(decodeURIComponent);
      const usesPublishableKey =
        authorization === `Bearer ${publishableKey}` ||
        (authorization === "" && (body.key ?? query.key) === publishableKey);
      if (usesPublishableKey && !browserMayCall(method, parts, query, body)) {
        return send(stripeError(404, "resource_missing", "No such setupintent"));
      }
      if (authorization !== `Bearer ${secretKey}` && !usesPublishableKey) {
        return send({
          status: 401,
          body: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } },
        });
      }
      try {
        send(route(method, parts, query, body));
      } catch (error) {
        const missing = (error as { missing?: string }).missing;
        send(
          missing
            ? stripeError(400, "resource_missing", `No such price: '${missing}'`)
            : { status: 500, body: { error: { type: "api_error", message: String(error) } } },
        );
      }
    })();
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;

  return {
    host: "127.0.0.1",
    port,
    protocol: "http",
    secretKey,
    publishableKey,
    requests,
    customers,
    setupIntents,
    paymentMethods,
    prices,
    subscriptions,
    invoices,
    invoicePayments,
    paymentIntents,
    failRenewal,
    addPaymentMethod,
    succeedSetupIntent,
    succeedPaymentIntent: (id: string) => succeedPaymentIntent(id),
    async close() {
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
}
