import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures/audit.js";
import { ADMIN, asAdmin, logIn } from "./fixtures/accounts.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

test("a visitor gives once through the test provider, sees and downloads the receipt, and an admin finds the gift", async ({
  page,
  request,
}) => {
  await asAdmin(request, async () => {
    const saved = await request.patch("/api/1.0/content/join", {
      headers,
      data: { giftEnabled: true, giftAmounts: [10, 25, 50], giftMinAmount: 2 },
    });
    expect(saved.status(), await saved.text()).toBe(200);
  });
  const email = `giver.${Date.now()}@example.org`;

  await page.goto("/join");
  await page.getByRole("link", { name: "Or give once, without becoming a member" }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Support .* with a gift/ })).toBeVisible();
  await page.getByRole("button", { name: "£25.00" }).click();
  await page.getByLabel("First name (optional)").fill("Gia");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Give £25.00" }).click();

  // The built-in test provider's checkout stands in for Stripe's card form.
  await expect(page.getByText("Once", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pay successfully" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your gift" })).toBeVisible();
  const receipt = page.getByRole("region", { name: "Receipt" });
  await expect(receipt).toContainText("£25.00");
  await expect(receipt).toContainText(/\d{4}-[0-9A-F]{8}/);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    receipt.getByRole("link", { name: "Download receipt (PDF)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^receipt-\d{4}-[0-9A-F]{8}\.pdf$/);
  expect((await readFile(await download.path())).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  await page.goto("/auth/login");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/admin/payments?kind=gift");
  await expect(page.getByLabel("Kind")).toHaveValue("gift");
  const row = page.getByRole("row").filter({ hasText: "Gia" });
  await expect(row).toContainText("One-time gift");
  await expect(row).toContainText("£25.00");
});
