import type { APIRequestContext } from "@playwright/test";
import { expect, PHONE_WIDTH, test } from "./fixtures/audit.js";
import { defaultJoinContent, defaultJoinSetupContent } from "@cohort/common/content";
import { ADMIN, logIn } from "./fixtures/accounts.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

/** Puts the join settings back to a new install's, so other journeys see the usual join form. */
async function restoreDefaults(request: APIRequestContext): Promise<void> {
  const login = await request.post("/api/1.0/auth/login", {
    headers,
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status()).toBe(204);
  const join = await request.patch("/api/1.0/content/join", { headers, data: defaultJoinContent });
  expect(join.status()).toBe(200);
  const setup = await request.patch("/api/1.0/content/join/setup", { headers, data: defaultJoinSetupContent });
  expect(setup.status()).toBe(200);
  await request.post("/api/1.0/auth/logout", { headers });
}

test.afterEach(async ({ request }) => {
  await restoreDefaults(request);
});

test("an admin changes the suggested amounts and the minimum, and visitors see them on the join page", async ({
  page,
  browser,
}, testInfo) => {
  await page.goto("/auth/login?next=%2Fadmin%2Fmembership-builder");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/membership-builder$/);
  await expect(page.getByRole("heading", { level: 1, name: "Membership builder" })).toBeVisible();
  const monthly = page.getByRole("group", { name: "Monthly" });
  const amount = (number: number) => monthly.getByRole("textbox", { name: `Amount ${number} (Monthly)` });
  await expect(amount(1)).toHaveValue("5");

  // The introduction is written in the rich-text editor, key by key, with the standard wording as its placeholder.
  const intro = page.getByRole("textbox", { name: "Introduction" });
  await expect(intro).toHaveAttribute("aria-placeholder", /Choose your contribution/);
  await expect(intro.locator("p[data-placeholder]")).toHaveAttribute("data-placeholder", /Choose your contribution/);
  await page.screenshot({ path: testInfo.outputPath("join-form.png"), fullPage: true });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await intro.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath("join-form-narrow.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await intro.click();
  await page.keyboard.type("Local news needs ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("you");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(".");
  await expect(intro.locator("strong")).toHaveText("you");

  await page.getByLabel("Minimum monthly amount").fill("3");
  await amount(1).fill("7");
  await amount(2).fill("14");
  await amount(3).fill("21");
  await monthly.getByRole("button", { name: "Add an amount" }).click();
  await amount(4).fill("2");
  await page.getByRole("button", { name: "Save changes" }).click();
  // The minimum applies before anything is sent.
  await expect(monthly.getByText("This must be at least £3.00.")).toBeVisible();
  await amount(4).fill("30");
  await monthly.getByRole("button", { name: "Move Amount 4 (Monthly) up" }).click();
  const preview = page.getByRole("list", { name: "Suggested amounts" });
  await expect(preview.getByRole("listitem")).toHaveText(["£7.00", "£14.00", "£30.00", "£21.00"]);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your changes are saved.")).toBeVisible();

  const stored = await page.request.get("/api/1.0/content/join");
  expect(await stored.json()).toMatchObject({
    subtitle: "<p>Local news needs <strong>you</strong>.</p>",
    minMonthlyAmount: 3,
    periods: [
      { name: "monthly", presetAmounts: [7, 14, 30, 21] },
      { name: "annually", presetAmounts: [60, 120, 180] },
    ],
  });

  // A visitor's join page offers the new amounts and minimum.
  const visitor = await browser.newContext({ baseURL: BASE_URL });
  const joinPage = await visitor.newPage();
  await joinPage.goto("/join");
  // The introduction, formatted, under the heading.
  await expect(joinPage.locator("header strong")).toHaveText("you");
  await expect(joinPage.locator("header p").first()).toHaveText("Local news needs you.");
  await joinPage.screenshot({ path: testInfo.outputPath("join-page.png"), fullPage: true });
  await joinPage.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await joinPage.screenshot({ path: testInfo.outputPath("join-page-narrow.png"), fullPage: true });
  for (const amount of ["£7.00", "£14.00", "£30.00", "£21.00"]) {
    await expect(joinPage.getByRole("button", { name: amount, exact: true })).toBeVisible();
  }
  await expect(joinPage.getByText("At least £3.00")).toBeVisible();
  await visitor.close();

  // The other tabs, reached with the keyboard-reachable tab links.
  await page.getByRole("link", { name: "Intro", exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Welcome text" })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("intro.png"), fullPage: true });
  await page.getByRole("link", { name: "Email", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Confirm email address" })).toBeVisible();
  await expect(page.getByText("Standard text").first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("email.png"), fullPage: true });
  await page.getByRole("link", { name: "Confirmation", exact: true }).click();
  await expect(page.getByLabel("Callout")).toBeVisible();
  await page.getByLabel("Ask new members for a postal address").check();
  await page.getByRole("button", { name: "Add a group" }).click();
  await page.getByLabel("Id of group 1").fill("weekly");
  await page.getByLabel("Label of group 1").fill("Weekly digest");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your changes are saved.").first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("confirmation.png"), fullPage: true });
  const setup = await page.request.get("/api/1.0/content/join/setup");
  expect(await setup.json()).toMatchObject({
    showMailOptIn: true,
    newsletterGroups: [{ id: "weekly", label: "Weekly digest", checked: false }],
  });
});
