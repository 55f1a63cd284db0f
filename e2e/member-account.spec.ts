import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, PHONE_WIDTH, test } from "./fixtures/audit.js";
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

  // A new email address: the current password is asked first, then a link goes to the new address.
  const emailForm = page.getByRole("form", { name: "Email address" });
  const movedTo = `moved.${member.email}`;
  await emailForm.getByLabel("New email address").fill(movedTo);
  await emailForm.getByRole("button", { name: "Change email address" }).click();
  await expect(emailForm.getByText("Please enter your current password.")).toBeVisible();
  await emailForm.getByLabel("Current password").fill("Not-my-password-1");
  await emailForm.getByRole("button", { name: "Change email address" }).click();
  await expect(emailForm.getByText("The current password is not correct.")).toBeVisible();
  await emailForm.getByLabel("Current password").fill(member.password);
  await emailForm.getByRole("button", { name: "Change email address" }).click();
  await expect(emailForm.getByText(`we sent a link to ${movedTo}`, { exact: false })).toBeVisible();

  // Password: the current one is required, a wrong one is shown on its field.
  const passwordForm = page.getByRole("form", { name: "Password" });
  await passwordForm.getByLabel("Current password").fill("Not-my-password-1");
  await passwordForm.getByLabel("New password").fill(newPassword);
  await passwordForm.getByLabel("Confirm password").fill(newPassword);
  await passwordForm.getByRole("button", { name: "Change password" }).click();
  await expect(passwordForm.getByText("The current password is not correct.")).toBeVisible();
  await passwordForm.getByLabel("Current password").fill(member.password);
  await passwordForm.getByRole("button", { name: "Change password" }).click();
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
  // Turning it off asks for the current password as well as a code; the member changes their mind.
  await page.getByRole("button", { name: "Turn off" }).click();
  const twoFactorForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Cancel" }) });
  await twoFactorForm.getByRole("button", { name: "Turn off" }).click();
  await expect(twoFactorForm.getByText("Please enter your current password.")).toBeVisible();
  await expect(twoFactorForm.getByText("Code is required")).toBeVisible();
  await twoFactorForm.screenshot({ path: test.info().outputPath("two-factor-off-1280.png") });
  await twoFactorForm.getByRole("button", { name: "Cancel" }).click();
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

test("a member sees where they are logged in and ends another browser's session, or all others", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const member = await createMember(request, "sessions");
  const phone = await browser.newContext();
  const tablet = await browser.newContext();
  try {
    // The same member logs in on a second browser, then on this one.
    const phonePage = await phone.newPage();
    await phonePage.goto("/auth/login");
    await logIn(phonePage, member.email, member.password);
    await expect(phonePage).toHaveURL(/\/profile$/);

    await page.goto("/auth/login");
    await logIn(page, member.email, member.password);
    await expect(page).toHaveURL(/\/profile$/);
    await page.goto("/profile/account");
    const sessions = page.getByTestId("session-list");
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await expect(sessions.getByText("This browser")).toHaveCount(1);
    // Only the other browser's session can be ended from here.
    const end = sessions.getByRole("button", { name: /^End the session of / });
    await expect(end).toHaveCount(1);

    const card = page.getByRole("region", { name: "Where you are logged in" });
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.screenshot({ path: testInfo.outputPath("sessions-1280.png"), fullPage: true });
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await card.screenshot({ path: testInfo.outputPath("sessions-375.png") });
    await page.getByRole("form", { name: "Email address" }).screenshot({ path: testInfo.outputPath("email-375.png") });
    await page.setViewportSize({ width: 1280, height: 900 });

    await end.click();
    await expect(
      page.getByRole("region", { name: "Notifications" }).getByText("That session was ended."),
    ).toBeVisible();
    await expect(page.getByText("You are logged in only in this browser.")).toBeVisible();

    // The other browser is logged out at its next step.
    await phonePage.goto("/profile/account");
    await expect(phonePage).toHaveURL(/\/auth\/login/);

    // All other sessions at once, after confirming.
    const tabletPage = await tablet.newPage();
    await tabletPage.goto("/auth/login");
    await logIn(tabletPage, member.email, member.password);
    await expect(tabletPage).toHaveURL(/\/profile$/);
    await page.reload();
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await page.getByRole("button", { name: "End all other sessions" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText("You stay logged in here.");
    await page.screenshot({ path: testInfo.outputPath("sessions-confirm-1280.png") });
    await dialog.getByRole("button", { name: "End all other sessions" }).click();
    await expect(page.getByText("You are logged in only in this browser.")).toBeVisible();
    await tabletPage.goto("/profile/account");
    await expect(tabletPage).toHaveURL(/\/auth\/login/);
    // This browser is still logged in.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();
  } finally {
    await phone.close();
    await tablet.close();
  }
});
