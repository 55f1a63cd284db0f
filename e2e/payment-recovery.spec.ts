import { randomUUID } from "node:crypto";
import { asAdmin, createMember } from "./fixtures/accounts.js";
import { expect, test } from "./fixtures/audit.js";
import { linkFromOutbox } from "./fixtures/outbox.js";
import { contributeMonthly, newSession, providerEvents } from "./fixtures/payments.js";

test("a member whose renewal failed fixes it from the email's link, without logging in", async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(60_000);
  const member = await createMember(request, "recovery");
  const session = await newSession(playwright, member.email, member.password);
  const contactId = await contributeMonthly(session, 9);
  await session.dispose();

  // The renewal is declined: the card has expired.
  const now = new Date();
  await providerEvents(request, [
    {
      kind: "payment",
      eventId: `test_evt_${randomUUID()}`,
      providerPaymentId: `test_pay_${randomUUID()}`,
      customerId: `test_cus_${contactId}`,
      subscriptionId: null,
      amountMinor: 900,
      currency: "GBP",
      status: "failed",
      chargeDate: now.toISOString(),
      periodEnd: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
      failure: { reason: "card_expired" },
    },
  ]);
  const link = await asAdmin(request, () =>
    linkFromOutbox(request, member.email, "payment-failed", /https?:\/\/\S+\/payment\/update\/[0-9a-f-]{36}/),
  );

  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Update your payment method", level: 1 })).toBeVisible();
  await expect(page.getByText("The card or account on file is no longer valid")).toBeVisible();
  const submit = page.getByRole("button", { name: "Set up payment method" });
  await submit.focus();
  await page.keyboard.press("Enter");
  // Refused at the provider: the link is not used up, and the page leads back to try again.
  await page.getByRole("button", { name: "Fail the payment" }).click();
  await expect(page.getByText("The payment method could not be saved")).toBeVisible();
  await expect(page.getByText(/wasn't set up, so nothing has changed/)).toBeVisible();
  await page.getByRole("link", { name: "Set up payment method" }).click();
  await page.getByRole("button", { name: "Set up payment method" }).click();
  await page.getByRole("button", { name: "Pay successfully" }).click();

  await expect(page.getByRole("heading", { name: "Payment method updated", level: 1 })).toBeVisible();
  await expect(page.getByText("Your payment has gone through and your membership continues.")).toBeVisible();

  // Used once: the link now says so.
  await page.goto(link);
  await expect(page.getByText("This link no longer works")).toBeVisible();
});
