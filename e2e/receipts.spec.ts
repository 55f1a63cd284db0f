import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { ADMIN, createMember, logIn } from "./fixtures/accounts.js";
import { contributeMonthly, newSession } from "./fixtures/payments.js";

test("a member downloads a receipt of their payment, and an admin exports the payments as CSV", async ({
  page,
  request,
  playwright,
}) => {
  test.setTimeout(60_000);
  const member = await createMember(request, "receipts");
  const session = await newSession(playwright, member.email, member.password);
  await contributeMonthly(session, 7);
  await session.dispose();

  await page.goto("/auth/login");
  await logIn(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/profile/contribution");
  const payments = page.getByRole("table", { name: "Your payments" });
  const receiptLink = payments.getByRole("link", { name: /^Receipt for the payment of/ });
  await expect(receiptLink).toHaveCount(1);
  await receiptLink.focus();
  const [receipt] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  expect(receipt.suggestedFilename()).toMatch(/^receipt-\d{4}-[0-9A-F]{8}\.pdf$/);
  expect((await readFile(await receipt.path())).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const year = new Date().getUTCFullYear();
  const [summary] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: `Summary ${year}` }).click(),
  ]);
  expect(summary.suggestedFilename()).toBe(`receipts-${year}.pdf`);
  await page.context().clearCookies();

  await page.goto("/auth/login");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/admin/payments");
  await expect(page.getByRole("heading", { name: "Payments", level: 1 })).toBeVisible();
  const [exported] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export the payments the filters match as CSV" }).click(),
  ]);
  expect(exported.suggestedFilename()).toMatch(/^payments-.+\.csv$/);
  const csv = await readFile(await exported.path(), "utf8");
  expect(csv.split("\n")[0]).toBe(
    "id,chargeDate,amount,currency,status,provider,contactId,email,firstname,lastname,kind",
  );
  expect(csv).toContain(member.email);
});
