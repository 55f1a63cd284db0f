import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { TOTP } from "otpauth";
import { ADMIN, createMember, logIn } from "./fixtures/accounts.js";

/** The code an authenticator app would show for the secret, `stepsAhead` periods from now. */
function codeFor(secret: string, stepsAhead = 0): string {
  const totp = new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 });
  return totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

async function download(page: Page, name: RegExp) {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).click()]);
  return file;
}

test("a member manages their account, logs in with two-step verification, and an admin removes it", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const member = await createMember(request, "account");
  const newPassword = "Changed-pass-2";

  await page.goto("/auth/login");
  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("link", { name: "Account settings" }).click();
  await expect(page).toHaveURL(/\/profile\/account$/);
  await expect(page).toHaveTitle(/^Account settings - /);
  const tray = page.getByRole("region", { name: "Notifications" });

  // Name
  await page.getByLabel("First name").fill("Mira");
  await page.getByRole("button", { name: "Save details" }).click();
  await expect(tray.getByText("Your details were saved.")).toBeVisible();

  // Password: the current one is required, a wrong one is shown on its field.
  await page.getByLabel("Current password").fill("Not-my-password-1");
  await page.getByLabel("New password").fill(newPassword);
  await page.getByLabel("Confirm password").fill(newPassword);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("The current password is not correct.")).toBeVisible();
  await page.getByLabel("Current password").fill(member.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(tray.getByText("Your password was changed.")).toBeVisible();

  // Two-step verification, confirmed with a code made from the secret shown as text.
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByAltText("QR code for your authenticator app")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").getAttribute("data-secret")) ?? "";
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await expect(page.getByTestId("totp-secret")).toHaveText(secret.replace(/(.{4})(?=.)/g, "$1 "));
  await page.getByLabel("Code from the app").fill(codeFor(secret));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByTestId("two-factor-status")).toHaveText("Two-step verification is on.");

  // Their data, as JSON and as a zip of CSV files.
  const json = await download(page, /Download as JSON/);
  expect(json.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(readFileSync(await json.path(), "utf8")) as {
    profile: { email: string; firstname: string; twoFactorLogin: string | null };
  };
  expect(data.profile).toMatchObject({ email: member.email, firstname: "Mira", twoFactorLogin: "totp" });
  const zip = await download(page, /zip of CSV files/);
  expect(zip.suggestedFilename()).toMatch(/\.zip$/);
  expect(
    readFileSync(await zip.path())
      .subarray(0, 2)
      .toString(),
  ).toBe("PK");

  const me = (await (await page.request.get("/api/1.0/contact/me")).json()) as { id: string };

  // Log out, and back in with the new password and a code (the next one: the first was used).
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await logIn(page, member.email, newPassword);
  await page.getByLabel("Verification code").fill(codeFor(secret, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Mira");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  // An admin removes the member's two-step verification, after confirming.
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto(`/admin/contacts/${me.id}/account`);
  await expect(page.getByTestId("contact-two-factor-status")).toHaveText("Two-step verification is on.");
  await page.getByRole("button", { name: "Remove two-step verification" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Remove two-step verification for Mira Reader?");
  await dialog.getByRole("button", { name: "Remove two-step verification" }).click();
  await expect(tray.getByText("Two-step verification was removed for Mira Reader.")).toBeVisible();
  await expect(page.getByTestId("contact-two-factor-status")).toHaveText("Two-step verification is off.");
  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);

  // The member logs in with the password alone again.
  await logIn(page, member.email, newPassword);
  await expect(page).toHaveURL(/\/profile$/);
});
