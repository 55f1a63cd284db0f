import type { Page } from "@playwright/test";
import { expect, expectAccessible, PHONE_WIDTH, test } from "./fixtures/audit.js";
import { SAMPLE_DATA_EMAIL_DOMAIN } from "@cohort/common/setup";
import { ADMIN, asAdmin, createMember, logIn } from "./fixtures/accounts.js";
import { contributeMonthly, newSession } from "./fixtures/payments.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

/** A small square logo: 8 × 8 pixels of one colour. */
const LOGO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGNQUwnGihiGlgQAS2knQU66JJoAAAAASUVORK5CYII=",
  "base64",
);

/** The settings other journeys expect: the name, theme, logo and support address of the install. */
let original: { organisationName: string; theme: unknown; logoUrl: string; supportEmail: string } | undefined;

test.beforeAll(async ({ request }) => {
  const general = await asAdmin(
    request,
    async () =>
      (await (await request.get("/api/1.0/content/general", { headers })).json()) as {
        organisationName: string;
        theme: unknown;
        logoUrl: string;
        supportEmail: string;
      },
  );
  original = {
    organisationName: general.organisationName,
    theme: general.theme,
    logoUrl: general.logoUrl,
    supportEmail: general.supportEmail,
  };
});

test.afterAll(async ({ request }) => {
  if (!original) return;
  const restore = original;
  await asAdmin(request, async () => {
    const response = await request.patch("/api/1.0/content/general", { headers, data: restore });
    expect(response.status()).toBe(200);
  });
});

async function adminAt(page: Page, path: string): Promise<void> {
  await page.goto(`/auth/login?next=${encodeURIComponent(path)}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test("an admin names the organisation and sets its colours, and visitors see them on the join page", async ({
  page,
  browser,
}, testInfo) => {
  await adminAt(page, "/admin/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Organisation name").fill("Hillside Herald");
  await page.getByLabel("Upload a logo").setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: LOGO_PNG });
  await expect(page.getByRole("img", { name: "The current logo" })).toBeVisible();
  await page.getByLabel("Privacy policy").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Invalid URL")).toBeVisible();
  await page.getByLabel("Privacy policy").fill("https://example.org/privacy");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("settings-general.png"), fullPage: true });
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("settings-general-narrow.png"), fullPage: true });
  if (desktop) await page.setViewportSize(desktop);

  await page.getByRole("link", { name: "Theme" }).click();
  await expect(page.getByLabel("Primary", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Primary", { exact: true }).fill("#7a1f5c");
  await page.getByLabel("Links", { exact: true }).fill("#ffee00");
  await expect(page.getByText("Some text may be hard to read")).toBeVisible();
  await page.getByLabel("Links", { exact: true }).fill("#0b5d8f");
  await expect(page.getByText("Some text may be hard to read")).toBeHidden();
  await page.getByLabel("Headings").selectOption("roboto-slab");
  // The general tab's notice may still be showing, so wait for this save's own answer.
  const themeSaved = page.waitForResponse(
    (response) => response.request().method() === "PATCH" && response.url().includes("/api/1.0/content/"),
  );
  await page.getByRole("button", { name: "Save" }).click();
  expect((await themeSaved).ok()).toBe(true);
  await expect(page.getByText("Settings saved").last()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath("settings-theme.png"), fullPage: true });

  const visitorContext = await browser.newContext({ baseURL: BASE_URL });
  const visitor = await visitorContext.newPage();
  await visitor.goto("/join");
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Hillside Herald");
  // The uploaded logo heads the page, named after the organisation, and has really loaded.
  const logo = visitor.getByRole("img", { name: "Hillside Herald" });
  await expect(logo).toBeVisible();
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(visitor);
  const primary = await visitor.evaluate(() =>
    getComputedStyle(document.documentElement).getPropertyValue("--cohort-primary").trim(),
  );
  expect(primary).toBe("#7a1f5c");
  // The chosen title font is fetched from its own stylesheet and used by the heading.
  await expect
    .poll(() =>
      visitor.evaluate(async () => {
        await document.fonts.ready;
        const heading = document.querySelector("h1");
        const family = heading ? getComputedStyle(heading).fontFamily : "";
        let loaded = false;
        document.fonts.forEach((face) => {
          if (face.family.replaceAll('"', "") === "Roboto Slab" && face.status === "loaded") loaded = true;
        });
        return family.startsWith('"Roboto Slab"') && loaded;
      }),
    )
    .toBe(true);
  await visitor.screenshot({ path: testInfo.outputPath("join-title-font.png") });
  await visitorContext.close();
});

test("the email, payment and API key settings have no serious accessibility problems", async ({ page }) => {
  await adminAt(page, "/admin/settings/email");
  for (const tab of ["email", "payment", "api-keys"]) {
    await page.goto(`/admin/settings/${tab}`);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(
      page.getByRole("button", { name: tab === "api-keys" ? "Create key" : "Save", exact: true }),
    ).toBeVisible();
    await expectAccessible(page);
  }
});

test("an admin creates an API key, another system uses it, and it is refused once revoked", async ({ page }) => {
  await adminAt(page, "/admin/settings/api-keys");
  await page.getByLabel("Description").fill("Newsroom sync");
  // A key outlives the session, so the admin confirms it is them.
  await page.getByRole("button", { name: "Create key" }).click();
  await expect(page.getByText("Please enter your current password.")).toBeVisible();
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Create key" }) });
  await form.screenshot({ path: test.info().outputPath("api-key-form-1280.png") });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await form.screenshot({ path: test.info().outputPath("api-key-form-375.png") });
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByLabel("Current password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Create key" }).click();
  const token = (await page.getByTestId("new-api-key").textContent())?.trim() ?? "";
  expect(token).toMatch(/^[0-9a-f]{16}_[0-9a-f]+$/);
  await expect(page.getByRole("table").getByText("Newsroom sync")).toBeVisible();

  const useKey = () =>
    fetch(`${BASE_URL}/api/1.0/stats/bands`, { headers: { Authorization: `Bearer ${token}` } }).then(
      (response) => response.status,
    );
  expect(await useKey()).toBe(200);

  await page.getByRole("button", { name: "Revoke the key “Newsroom sync”" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Key revoked")).toBeVisible();
  // An unknown or revoked key is nobody: this admin-only figure is refused.
  expect(await useKey()).toBe(403);
});

test("an admin publishes a notice, and a member sees it at home and dismisses it", async ({ page, browser }) => {
  const member = await createMember(page.request, "notice-reader");
  await adminAt(page, "/admin/notices");
  await expect(page.getByRole("link", { name: "Add notice" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Add notice" }).click();
  await expect(page).toHaveURL(/\/admin\/notices\/add$/);
  await expect(page.getByLabel("Name", { exact: true })).toBeVisible();
  await expectAccessible(page);
  const name = `Summer fair ${Date.now()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  // The text is written in the rich-text editor, key by key.
  await page.getByRole("textbox", { name: "Text", exact: true }).click();
  await page.keyboard.type("Come and meet the ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("newsroom");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(".");
  await page.getByLabel("Button text").fill("Find out more");
  await page.getByLabel("Button link").fill("https://example.org/fair");
  const hourAgo = new Date(Date.now() - 3_600_000);
  const pad = (value: number) => String(value).padStart(2, "0");
  await page
    .getByLabel("Starts")
    .fill(
      `${hourAgo.getFullYear()}-${pad(hourAgo.getMonth() + 1)}-${pad(hourAgo.getDate())}T${pad(hourAgo.getHours())}:${pad(hourAgo.getMinutes())}`,
    );
  await page.getByRole("button", { name: "Create notice" }).click();
  await expect(page).toHaveURL(/\/admin\/notices\/view\//);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("Open", { exact: true })).toBeVisible();
  await page.getByRole("link", { name: "All notices" }).click();
  await expect(page.getByRole("link", { name })).toBeVisible();

  const context = await browser.newContext({ baseURL: BASE_URL });
  const reader = await context.newPage();
  await reader.goto("/auth/login?next=%2Fprofile");
  await logIn(reader, member.email, member.password);
  await expect(reader).toHaveURL(/\/profile$/);
  const notice = reader.getByRole("article", { name });
  await expect(notice).toContainText("Come and meet the newsroom.");
  await expect(notice.locator("strong", { hasText: "newsroom" })).toBeVisible();
  await expectAccessible(reader);
  await expect(notice.getByRole("link", { name: "Find out more" })).toHaveAttribute("href", "https://example.org/fair");
  await notice.getByRole("button", { name: `Dismiss notice: ${name}` }).click();
  await expect(notice).toBeHidden();
  await reader.reload();
  await expect(reader.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(reader.getByRole("article", { name })).toBeHidden();
  await context.close();
});

test("an admin sets the support address, and the next email to the team goes there", async ({ page, playwright }) => {
  const desk = `desk.${Date.now()}@example.org`;
  const member = await createMember(page.request, "team-news");
  await adminAt(page, "/admin/settings");
  await page.getByLabel("Support email", { exact: true }).fill(desk);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();

  // A member starts paying, then cancels: the team hears of it at the new address.
  const session = await newSession(playwright, member.email, member.password);
  await contributeMonthly(session, 5);
  expect((await session.post("/api/1.0/contact/me/contribution/cancel", { headers })).status()).toBe(204);
  await session.dispose();

  await page.goto("/admin/emails");
  const row = page.getByRole("row").filter({ hasText: desk });
  await expect(row).toContainText("Member cancelled (to your team)");
  await expectAccessible(page);
  await row.getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/emails\/outbox\//);
  await expect(page.getByText(desk).first()).toBeVisible();
  await expect(page.getByRole("main")).toContainText(`${member.firstname} ${member.lastname}`);
});

test("an admin removes the sample data after reading what goes, and can load it again", async ({ page }) => {
  const sampleContacts = async () => {
    const rules = JSON.stringify({
      condition: "AND",
      rules: [{ field: "email", operator: "contains", value: [SAMPLE_DATA_EMAIL_DOMAIN] }],
    });
    const list = await page.request.get(`/api/1.0/contact?limit=1&rules=${encodeURIComponent(rules)}`, { headers });
    expect(list.status()).toBe(200);
    return ((await list.json()) as { total: number }).total;
  };
  await adminAt(page, "/admin/settings");
  const before = await sampleContacts();
  expect(before).toBeGreaterThan(0);

  await page.getByRole("button", { name: "Remove sample data" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(`${before} sample contacts`);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Remove sample data" }).click();
  await expect(page.getByText("Sample data removed")).toBeVisible();
  expect(await sampleContacts()).toBe(0);

  await page.goto(`/admin/contacts?q=${encodeURIComponent(SAMPLE_DATA_EMAIL_DOMAIN)}`);
  await expect(page.getByText("No contacts match")).toBeVisible();

  // The same card now loads it again, leaving the install as the other journeys expect it.
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "Load sample data" }).click();
  await expect(page.getByText("Sample data loaded")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove sample data" })).toBeVisible();
  expect(await sampleContacts()).toBe(before);
});
