import type { LightMyRequestResponse } from "fastify";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { API_PREFIX } from "@cohort/common/http";
import { contactRoles, contributions, emailOutbox, payments } from "../../src/db/schema/index.js";
import { signTestWebhook } from "../../src/providers/payment/test-provider.js";
import { call, type TestApp } from "./test-app.js";

export const WEBHOOK_SECRET = "a-secret-for-test-webhooks";
export const COMPLETE_URL = "http://localhost:3000/profile/contribution/complete?from=test";

export type CheckoutOutcome = "successful" | "failed" | "pending";

/** Goes through the test checkout page of a started flow; answers the flow id the provider returns with. */
export async function checkout(t: TestApp, redirectUrl: string, outcome: CheckoutOutcome): Promise<string> {
  const path = new URL(redirectUrl).pathname;
  const page = await t.app.inject({ method: "GET", url: path });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain("Test mode — no real money moves");
  const location = await postCheckoutOutcome(t, path, outcome);
  const flowId = location.searchParams.get("redirect_flow_id");
  expect(flowId).toBeTruthy();
  return flowId ?? "";
}

/** Chooses the outcome on the test checkout page at `path`; answers where the browser is sent back to. */
export async function postCheckoutOutcome(t: TestApp, path: string, outcome: CheckoutOutcome): Promise<URL> {
  const posted = await t.app.inject({
    method: "POST",
    url: path,
    payload: `outcome=${outcome}`,
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(posted.statusCode).toBe(303);
  return new URL(String(posted.headers.location));
}

export interface StartOptions {
  amount?: number;
  period?: "monthly" | "annually";
  payFee?: boolean;
  paymentMethod?: string;
  who?: string;
}

/** POST contribution → checkout page → the chosen outcome → complete. */
export async function contribute(
  t: TestApp,
  cookie: string,
  outcome: CheckoutOutcome,
  options: StartOptions = {},
): Promise<LightMyRequestResponse> {
  const who = options.who ?? "me";
  const period = options.period ?? "monthly";
  const start = await call(t.app, "POST", `/contact/${who}/contribution`, {
    cookie,
    body: {
      amount: options.amount ?? 12.34,
      period,
      ...(period === "monthly" ? { payFee: options.payFee ?? false } : {}),
      paymentMethod: options.paymentMethod ?? "s_card",
      completeUrl: COMPLETE_URL,
    },
  });
  expect(start.statusCode).toBe(200);
  const { redirectUrl } = start.json<{ redirectUrl: string }>();
  const flowId = await checkout(t, redirectUrl, outcome);
  return call(t.app, "POST", `/contact/${who}/contribution/complete`, { cookie, body: { paymentFlowId: flowId } });
}

export function paymentsOf(t: TestApp, contactId: string) {
  return t.database.db.select().from(payments).where(eq(payments.contactId, contactId));
}

export async function contributionOf(t: TestApp, contactId: string) {
  const [row] = await t.database.db.select().from(contributions).where(eq(contributions.contactId, contactId));
  return row;
}

export async function memberRoleOf(t: TestApp, contactId: string) {
  const rows = await t.database.db.select().from(contactRoles).where(eq(contactRoles.contactId, contactId));
  return rows.find((row) => row.role === "member");
}

export async function emailsTo(t: TestApp, contactId: string): Promise<string[]> {
  const rows = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.contactId, contactId));
  return rows.flatMap((row) => (row.templateId ? [row.templateId] : []));
}

/** Posts test provider events, signed unless a signature is given. */
export function sendWebhook(t: TestApp, events: unknown[], signature?: string): Promise<LightMyRequestResponse> {
  const body = JSON.stringify({ events });
  return t.app.inject({
    method: "POST",
    url: `${API_PREFIX}/webhook/test`,
    payload: body,
    headers: {
      "content-type": "application/json",
      "x-cohort-test-signature": signature ?? signTestWebhook(WEBHOOK_SECRET, body),
    },
  });
}
