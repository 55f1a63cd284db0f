import { createHmac, randomBytes } from "node:crypto";
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { addMonths } from "@cohort/common/contributions";
import { startPayPages } from "./gocardless-pages.js";

/**
 * An in-memory stand-in for the part of the GoCardless API that Cohort uses:
 * billing requests and their flows, customers, customer bank accounts,
 * mandates, subscriptions and payments, in GoCardless's JSON envelopes
 * (`{"subscriptions": {...}}`) and error bodies. It refuses requests without
 * the expected bearer token or API version header.
 */
type Resource = Record<string, unknown> & { id: string };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown> | null;
}

export interface GoCardlessStandIn {
  baseUrl: string;
  accessToken: string;
  webhookSecret: string;
  resources: Record<Collection, Map<string, Resource>>;
  requests: RecordedRequest[];
  /** What the person does on GoCardless's pages: gives bank details and agrees to the mandate. */
  completeBillingRequest(
    billingRequestId: string,
    bank?: { accountHolderName?: string; bankName?: string; accountNumberEnding?: string },
  ): { customerId: string; mandateId: string; bankAccountId: string };
  /** A payment as GoCardless would create it for a subscription or by hand. */
  addPayment(payment: {
    mandateId: string;
    subscriptionId?: string;
    amount: number;
    status: string;
    chargeDate: string;
    /** Refunded so far, in minor units. */
    amountRefunded?: number;
  }): string;
  /** A webhook body and headers, signed with the webhook secret (or with `secret` when given). */
  webhook(
    events: {
      resource_type: string;
      action: string;
      links: Record<string, string>;
      /** The failure's cause (`insufficient_funds`, `refer_to_payer` …); the action by default. */
      details?: Record<string, unknown>;
      created_at?: string;
    }[],
    secret?: string,
  ): { rawBody: Buffer; headers: Record<string, string> };
  close(): Promise<void>;
}

const collections = [
  "billing_requests",
  "billing_request_flows",
  "customers",
  "customer_bank_accounts",
  "mandates",
  "subscriptions",
  "payments",
] as const;
type Collection = (typeof collections)[number];

const prefixes: Record<Collection, string> = {
  billing_requests: "BRQ",
  billing_request_flows: "BRF",
  customers: "CU",
  customer_bank_accounts: "BA",
  mandates: "MD",
  subscriptions: "SB",
  payments: "PM",
};

const API_VERSION = "2015-07-06";

function newId(collection: Collection): string {
  return `${prefixes[collection]}${randomBytes(6).toString("hex").toUpperCase()}`;
}

function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (chunks.length === 0) return null;
  return JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

function sendError(response: ServerResponse, status: number, type: string, reason: string, message: string): void {
  send(response, status, {
    error: {
      message,
      type,
      code: status,
      request_id: randomBytes(8).toString("hex"),
      documentation_url: "https://developer.gocardless.com/api-reference",
      errors: [{ reason, message }],
    },
  });
}

export async function startGoCardlessStandIn(
  options: {
    now?: () => Date;
    /** Serve a page of its own in place of GoCardless's hosted payment pages (for trying a join by hand). */
    payPages?: boolean;
  } = {},
): Promise<GoCardlessStandIn> {
  const now = options.now ?? (() => new Date());
  const accessToken = `sandbox_${randomBytes(12).toString("hex")}`;
  const webhookSecret = randomBytes(16).toString("hex");
  const resources = Object.fromEntries(collections.map((name) => [name, new Map<string, Resource>()])) as Record<
    Collection,
    Map<string, Resource>
  >;
  const requests: RecordedRequest[] = [];

  function store(collection: Collection, fields: Record<string, unknown>): Resource {
    const resource: Resource = { id: newId(collection), created_at: now().toISOString(), ...fields };
    resources[collection].set(resource.id, resource);
    return resource;
  }

  function upcomingPayments(subscription: Resource, skipped = 0): { charge_date: string; amount: number }[] {
    const start = new Date(`${String(subscription.start_date)}T00:00:00.000Z`);
    const months = subscription.interval_unit === "yearly" ? 12 : 1;
    const today = day(now());
    const upcoming: { charge_date: string; amount: number }[] = [];
    for (let index = 0; upcoming.length < 3; index += 1) {
      const chargeDate = day(addMonths(start, months * index));
      if (chargeDate >= today && skipped > 0) skipped -= 1;
      else if (chargeDate >= today) upcoming.push({ charge_date: chargeDate, amount: Number(subscription.amount) });
    }
    return upcoming;
  }

  function createSubscription(data: Record<string, unknown>): Resource {
    const links = (data.links ?? {}) as Record<string, string>;
    if (!links.mandate || !resources.mandates.has(links.mandate)) throw new Error("mandate");
    const start = typeof data.start_date === "string" ? data.start_date : day(now());
    const subscription = store("subscriptions", {
      amount: data.amount,
      currency: data.currency,
      interval: data.interval ?? 1,
      interval_unit: data.interval_unit,
      start_date: start,
      status: "active",
      metadata: data.metadata ?? {},
      links: { mandate: links.mandate },
    });
    subscription.upcoming_payments = upcomingPayments(subscription);
    return subscription;
  }

  /**
   * `POST /subscriptions/:id/actions/pause` with `{data: {pause_cycles}}`: an
   * active subscription skips that many charges (1 to 3 here) and becomes
   * `paused`; the charges after them stay in `upcoming_payments`.
   */
  function pauseSubscription(response: ServerResponse, resource: Resource, data: Record<string, unknown>): void {
    if (resource.status !== "active") {
      sendError(response, 422, "invalid_state", "subscription_not_active", "Only an active subscription can be paused");
      return;
    }
    const cycles = data.pause_cycles;
    if (typeof cycles !== "number" || !Number.isInteger(cycles) || cycles < 1 || cycles > 3) {
      sendError(response, 422, "validation_failed", "pause_cycles_invalid", "pause_cycles must be between 1 and 3");
      return;
    }
    resource.status = "paused";
    resource.paused_cycles = cycles;
    resource.upcoming_payments = upcomingPayments(resource, cycles);
    send(response, 200, { subscriptions: resource });
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const method = request.method ?? "GET";
    const body = await readJson(request);
    requests.push({ method, path: url.pathname, headers: request.headers, body });
    if (request.headers.authorization !== `Bearer ${accessToken}`) {
      sendError(response, 401, "invalid_api_usage", "unauthorized", "Authentication failed");
      return;
    }
    if (request.headers["gocardless-version"] !== API_VERSION) {
      sendError(response, 400, "invalid_api_usage", "missing_version_header", "GoCardless-Version is required");
      return;
    }
    const [collectionName, id, actions, action] = url.pathname.split("/").filter(Boolean);
    const collection = collections.find((name) => name === collectionName);
    if (!collection) {
      sendError(response, 404, "invalid_api_usage", "path_not_found", "Path not found");
      return;
    }
    const data = (body?.[collection] ?? body?.data ?? {}) as Record<string, unknown>;
    const ok = (status: number, resource: Resource) => send(response, status, { [collection]: resource });

    if (!id && method === "POST") {
      if (collection === "billing_requests") {
        ok(201, store(collection, { ...data, status: "pending", links: {} }));
      } else if (collection === "billing_request_flows") {
        const links = (data.links ?? {}) as Record<string, string>;
        if (!links.billing_request || !resources.billing_requests.has(links.billing_request)) {
          sendError(response, 422, "invalid_api_usage", "invalid_document_structure", "Unknown billing request");
          return;
        }
        const flow = store(collection, { ...data, expires_at: day(addMonths(now(), 1)) });
        flow.authorisation_url = payPages
          ? `${payPages.url}/flow?id=${flow.id}`
          : `https://pay-sandbox.gocardless.com/billing/static/flow?id=${flow.id}`;
        ok(201, flow);
      } else if (collection === "subscriptions") {
        try {
          ok(201, createSubscription(data));
        } catch {
          sendError(response, 422, "invalid_api_usage", "invalid_document_structure", "Unknown mandate");
        }
      } else if (collection === "payments") {
        ok(201, store(collection, { ...data, status: "pending_submission", charge_date: day(now()) }));
      } else {
        sendError(response, 405, "invalid_api_usage", "method_not_allowed", "Method not allowed");
      }
      return;
    }

    const resource = id ? resources[collection].get(id) : undefined;
    if (!resource) {
      sendError(response, 404, "invalid_api_usage", "resource_not_found", "Resource not found");
      return;
    }
    if (method === "GET" && !actions) {
      ok(200, resource);
    } else if (method === "PUT" && !actions) {
      Object.assign(resource, data);
      if (collection === "subscriptions") resource.upcoming_payments = upcomingPayments(resource);
      ok(200, resource);
    } else if (method === "POST" && actions === "actions" && collection === "subscriptions" && action === "pause") {
      pauseSubscription(response, resource, data);
    } else if (method === "POST" && actions === "actions" && collection === "subscriptions" && action === "resume") {
      if (resource.status !== "paused") {
        sendError(response, 422, "invalid_state", "subscription_not_paused", "The subscription is not paused");
        return;
      }
      resource.status = "active";
      resource.paused_cycles = null;
      resource.upcoming_payments = upcomingPayments(resource);
      ok(200, resource);
    } else if (method === "POST" && actions === "actions" && action === "retry" && collection === "payments") {
      // Only a failed payment may be retried; it is submitted again, to be collected in a few days.
      if (resource.status !== "failed") {
        sendError(response, 422, "invalid_state", "invalid_state", "Only failed payments can be retried");
        return;
      }
      Object.assign(resource, { status: "pending_submission", charge_date: day(addMonths(now(), 0)) });
      ok(200, resource);
    } else if (method === "POST" && actions === "actions" && action === "cancel") {
      if (resource.status === "cancelled") {
        sendError(response, 422, "invalid_state", "cancellation_failed", "It is already cancelled");
        return;
      }
      resource.status = "cancelled";
      if (collection === "subscriptions") resource.upcoming_payments = [];
      ok(200, resource);
    } else {
      sendError(response, 405, "invalid_api_usage", "method_not_allowed", "Method not allowed");
    }
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      sendError(response, 500, "gocardless", "internal_server_error", String(error));
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const payPages = options.payPages
    ? await startPayPages({
        flow: (id) => resources.billing_request_flows.get(id),
        complete: (billingRequestId) => standIn.completeBillingRequest(billingRequestId),
      })
    : undefined;

  const standIn: GoCardlessStandIn = {
    baseUrl: `http://127.0.0.1:${port}`,
    accessToken,
    webhookSecret,
    resources,
    requests,
    completeBillingRequest(billingRequestId, bank = {}) {
      const billingRequest = resources.billing_requests.get(billingRequestId);
      if (!billingRequest) throw new Error(`No billing request ${billingRequestId}`);
      const flow = [...resources.billing_request_flows.values()].find(
        (candidate) => (candidate.links as Record<string, string>).billing_request === billingRequestId,
      );
      const prefilled = (flow?.prefilled_customer ?? {}) as Record<string, string>;
      const customer = store("customers", { email: prefilled.email ?? null, given_name: "Ada", family_name: "Byron" });
      const bankAccount = store("customer_bank_accounts", {
        account_holder_name: bank.accountHolderName ?? "ADA BYRON",
        account_number_ending: bank.accountNumberEnding ?? "11",
        bank_name: bank.bankName ?? "BARCLAYS BANK PLC",
        currency: "GBP",
        country_code: "GB",
        enabled: true,
        links: { customer: customer.id },
      });
      const mandate = store("mandates", {
        status: "pending_submission",
        scheme: "bacs",
        links: { customer: customer.id, customer_bank_account: bankAccount.id },
      });
      billingRequest.status = "fulfilled";
      billingRequest.links = {
        customer: customer.id,
        customer_bank_account: bankAccount.id,
        mandate_request_mandate: mandate.id,
      };
      return { customerId: customer.id, mandateId: mandate.id, bankAccountId: bankAccount.id };
    },
    addPayment(payment) {
      return store("payments", {
        amount: payment.amount,
        amount_refunded: payment.amountRefunded ?? 0,
        currency: "GBP",
        status: payment.status,
        charge_date: payment.chargeDate,
        links: {
          mandate: payment.mandateId,
          ...(payment.subscriptionId ? { subscription: payment.subscriptionId } : {}),
        },
      }).id;
    },
    webhook(events, secret = webhookSecret) {
      const body = {
        events: events.map((event) => ({
          id: `EV${randomBytes(6).toString("hex").toUpperCase()}`,
          created_at: now().toISOString(),
          details: { origin: "gocardless", cause: event.action },
          metadata: {},
          ...event,
        })),
      };
      const rawBody = Buffer.from(JSON.stringify(body));
      const signature = createHmac("sha256", secret).update(rawBody).digest("hex");
      return { rawBody, headers: { "content-type": "application/json", "webhook-signature": signature } };
    },
    async close() {
      await payPages?.close();
      server.closeAllConnections();
      server.close();
      await once(server, "close");
    },
  };
  return standIn;
}
