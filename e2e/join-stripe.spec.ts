import { createHmac } from "node:crypto";
import { request, type APIRequestContext, type Browser } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { confirmLinkFromOutbox } from "./fixtures/outbox.js";
import { stripeJsStandIn } from "./fixtures/stripe-js-stand-in.js";
import { startStripeServer, STRIPE_WEBHOOK_SECRET, type StripeServer } from "./fixtures/stripe-server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };
const ADMIN = { firstname: "Sol", lastname: "Desk", email: "sol.desk@example.org", password: "Newsroom-2026!" };

let server: StripeServer;
let api: APIRequestContext;

test.beforeAll(async () => {
  test.setTimeout(90_000);
  server = await startStripeServer();
  // The newsroom's first admin, to read the outbox and the payments.
  api = await request.newContext({ baseURL: server.baseUrl, extraHTTPHeaders: headers });
  const token = new URL(server.setupLink).searchParams.get("token");
  const setup = await api.post("/api/1.0/setup", { data: { ...ADMIN, token, sampleData: false } });
  expect(setup.ok(), await setup.text()).toBe(true);
});
test.afterAll(async () => {
  await api?.dispose();
  await server?.stop();
});

/** Stripe tells the server, with a signed webhook, that the member's first invoice is paid. */
async function sendInvoicePaid(email: string, amount: number): Promise<void> {
  const stripeGet = async (path: string) => {
    const response = await fetch(`${server.stripeApi}${path}`, {
      headers: { authorization: `Bearer ${server.stripe.secretKey}` },
    });
    return ((await response.json()) as { data: { id: string }[] }).data[0]?.id ?? "";
  };
  const customer = await stripeGet(`/v1/customers?email=${encodeURIComponent(email)}`);
  const subscription = await stripeGet(`/v1/subscriptions?customer=${customer}`);
  expect(subscription).not.toBe("");
  const now = Math.floor(Date.now() / 1000);
  const payload = JSON.stringify({
    id: `evt_${Date.now()}`,
    object: "event",
    type: "invoice.paid",
    created: now,
    data: {
      object: {
        id: `in_${Date.now()}`,
        object: "invoice",
        status: "paid",
        customer,
        amount_paid: amount,
        total: amount,
        currency: "gbp",
        created: now,
        status_transitions: { paid_at: now },
        parent: { subscription_details: { subscription } },
        lines: { data: [{ period: { start: now, end: now + 31 * 86_400 } }] },
      },
    },
  });
  const signature = createHmac("sha256", STRIPE_WEBHOOK_SECRET).update(`${now}.${payload}`).digest("hex");
  const response = await api.post("/api/1.0/webhook/stripe", {
    headers: { "content-type": "application/json", "stripe-signature": `t=${now},v1=${signature}` },
    data: payload,
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** A visitor's browser on the Stripe server; Stripe.js is the stand-in, or fails to load. */
async function visitor(browser: Browser, stripeJs: "stand-in" | "blocked" = "stand-in") {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  await context.route("https://js.stripe.com/**", (route) =>
    stripeJs === "blocked"
      ? route.abort("blockedbyclient")
      : route.fulfill({ contentType: "text/javascript", body: stripeJsStandIn(server.stripeApi) }),
  );
  return { context, page: await context.newPage() };
}

test("a visitor joins by card in Stripe's payment form, confirms their email, and the paid invoice is recorded", async ({
  browser,
}) => {
  const { context, page } = await visitor(browser);
  const email = `card.joiner.${Date.now()}@example.org`;
  await page.goto("/join");
  await page.getByLabel("Other amount").fill("12");
  await page.getByLabel("Credit or debit card").check();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Join" }).click();

  const step = page.getByRole("dialog", { name: "Your payment details" });
  await expect(step.getByLabel("Card number")).toBeVisible();
  await step.getByRole("button", { name: "Confirm payment details" }).click();
  await expect(step.getByText("Your card number is incomplete.")).toBeVisible();

  await step.getByLabel("Card number").fill("4000 0000 0000 0002");
  await step.getByLabel("Expiry (MM / YY)").fill("12 / 30");
  await step.getByLabel("Security code").fill("123");
  await step.getByRole("button", { name: "Confirm payment details" }).click();
  await expect(step.getByText("Your card was declined.")).toBeVisible();

  await step.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.screenshot({ path: test.info().outputPath("stripe-step.png") });
  await step.getByRole("button", { name: "Confirm payment details" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(page).toHaveURL(/\/join\/confirm-email$/);

  await page.goto(await confirmLinkFromOutbox(api, email));
  await expect(page.getByRole("heading", { name: "Set up your account" })).toBeVisible();
  await context.close();

  // The first invoice is paid at Stripe: the payment appears on the member's record.
  await sendInvoicePaid(email, 1200);
  const rules = { condition: "AND", rules: [{ field: "email", operator: "equal", value: [email] }] };
  const found = await api.get(`/api/1.0/contact?rules=${encodeURIComponent(JSON.stringify(rules))}`);
  const [contact] = ((await found.json()) as { items: { id: string }[] }).items;
  const payments = await api.get(`/api/1.0/contact/${contact?.id}/payment`);
  const items = ((await payments.json()) as { items: { amount: number; status: string }[] }).items;
  expect(items).toEqual([expect.objectContaining({ status: "successful", amount: 12 })]);
});

test("when Stripe.js cannot load, the step says so and the visitor's choices are kept", async ({ browser }) => {
  const { context, page } = await visitor(browser, "blocked");
  await page.goto("/join");
  await page.getByLabel("Other amount").fill("7");
  await page.getByLabel("Credit or debit card").check();
  await page.getByLabel("Email").fill("blocked.joiner@example.org");
  await page.getByRole("button", { name: "Join" }).click();

  const step = page.getByRole("dialog", { name: "Your payment details" });
  await expect(step.getByText("The payment form couldn't be loaded")).toBeVisible();
  await expect(step.getByText(/allow js\.stripe\.com/)).toBeVisible();
  await step.getByRole("button", { name: "Change my choices" }).click();
  await expect(step).toBeHidden();
  await expect(page.getByLabel("Other amount")).toHaveValue("7");
  await expect(page.getByLabel("Credit or debit card")).toBeChecked();
  await expect(page.getByLabel("Email")).toHaveValue("blocked.joiner@example.org");
  await context.close();
});
