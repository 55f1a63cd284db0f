import { expect, PHONE_WIDTH, test } from "./fixtures/audit.js";
import { ADMIN, asAdmin, createMember, logIn } from "./fixtures/accounts.js";
import { MAILCHIMP_AUDIENCE, MAILCHIMP_KEY } from "./fixtures/server.js";

test("an admin connects Mailchimp from Settings → Newsletter, and a member picks their newsletter groups", async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const member = await createMember(request, "newsletter");
  // The join page's groups are the ones members pick; their ids are Mailchimp's interest ids.
  await asAdmin(request, async () => {
    const saved = await request.patch("/api/1.0/content/join/setup", {
      headers: { "X-Requested-With": "XMLHttpRequest" },
      data: { showNewsletterOptIn: true, newsletterGroups: [{ id: "int-culture", label: "Culture", checked: false }] },
    });
    expect(saved.status()).toBe(200);
  });

  await page.goto("/auth/login");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "Newsletter" }).click();
  await expect(page).toHaveURL(/\/admin\/settings\/newsletter$/);
  await expect(page).toHaveTitle(/^Newsletter settings - /);

  await page.getByLabel("Service").selectOption("mailchimp");
  await page.getByLabel("API key").fill("wrong0123456789abcdef0123456789-us1");
  await page.getByLabel("Audience ID").fill(MAILCHIMP_AUDIENCE);
  await expect(page.getByRole("listitem").filter({ hasText: "Culture" })).toContainText("int-culture");
  await page.getByRole("button", { name: "Save" }).click();
  const tray = page.getByRole("region", { name: "Notifications" });
  await expect(tray.getByText("Settings saved", { exact: false })).toBeVisible();
  await expect(page.getByText("A key is saved. Leave this empty to keep it.")).toBeVisible();
  await expect(page.getByLabel("API key")).toHaveValue("");

  // A wrong key is named as such.
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "refused the API key" })).toBeVisible();

  await page.getByLabel("API key").fill(MAILCHIMP_KEY);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Save your changes before testing them.")).toBeHidden();
  await page.getByRole("button", { name: "Test connection" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Connected. The list is called" })).toBeVisible();
  await expect(page.getByLabel("Webhook address")).toHaveValue(/\/api\/1\.0\/newsletter\/webhook\//);

  await page.screenshot({ path: "test-results/newsletter-settings-1280.png", fullPage: true });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await page.screenshot({ path: "test-results/newsletter-settings-375.png", fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The member's side.
  await page.context().clearCookies();
  await page.goto("/auth/login");
  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto("/profile/account");
  const card = page.getByRole("form", { name: "Your details" });
  await card.getByLabel("Send me the newsletter").check();
  await card.getByLabel("Culture").check();
  await card.getByRole("button", { name: "Save details" }).click();
  await expect(tray.getByText("Your details were saved.")).toBeVisible();
  await page.reload();
  const reloaded = page.getByRole("form", { name: "Your details" });
  await expect(reloaded.getByLabel("Culture")).toBeChecked();
  await expect(reloaded.getByLabel("Send me the newsletter")).toBeChecked();
});
