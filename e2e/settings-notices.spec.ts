import { AxeBuilder } from "@axe-core/playwright";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ADMIN, createMember, logIn } from "./fixtures/accounts.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

async function asAdmin<T>(request: APIRequestContext, work: () => Promise<T>): Promise<T> {
  const login = await request.post("/api/1.0/auth/login", {
    headers,
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status()).toBe(204);
  try {
    return await work();
  } finally {
    await request.post("/api/1.0/auth/logout", { headers });
  }
}

/** The settings other journeys expect: the name and theme of the install. */
let original: { organisationName: string; theme: unknown } | undefined;

test.beforeAll(async ({ request }) => {
  const general = (await (await request.get("/api/1.0/content/general")).json()) as {
    organisationName: string;
    theme: unknown;
  };
  original = { organisationName: general.organisationName, theme: general.theme };
});

test.afterAll(async ({ request }) => {
  if (!original) return;
  const restore = original;
  await asAdmin(request, async () => {
    const response = await request.patch("/api/1.0/content/general", { headers, data: restore });
    expect(response.status()).toBe(200);
  });
});

/** Fails with the list of rules broken when axe finds a serious or critical accessibility problem. */
async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const blocking = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact,
      nodes: violation.nodes.slice(0, 5).map((node) => `${node.target.join(" ")}: ${node.failureSummary ?? ""}`),
    }));
  expect(blocking).toEqual([]);
}

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

  const visitor = await browser.newPage({ baseURL: BASE_URL });
  await visitor.goto("/join");
  await expect(visitor.getByRole("heading", { level: 1 })).toContainText("Hillside Herald");
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
  await visitor.close();
});

test("the email, payment and API key settings have no serious accessibility problems", async ({ page }) => {
  await adminAt(page, "/admin/settings/email");
  for (const tab of ["email", "payment", "api-keys"]) {
    await page.goto(`/admin/settings/${tab}`);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByRole("button", { name: tab === "api-keys" ? "Create key" : "Save" })).toBeVisible();
    await expectAccessible(page);
  }
});

test("an admin creates an API key, another system uses it, and it is refused once revoked", async ({ page }) => {
  await adminAt(page, "/admin/settings/api-keys");
  await page.getByLabel("Description").fill("Newsroom sync");
  await page.getByRole("button", { name: "Create key" }).click();
  const token = (await page.getByTestId("new-api-key").textContent())?.trim() ?? "";
  expect(token).toMatch(/^[0-9a-f]{16}_[0-9a-f]+$/);
  await expect(page.getByRole("table").getByText("Newsroom sync")).toBeVisible();

  const useKey = () =>
    fetch(`${BASE_URL}/api/1.0/notice`, { headers: { Authorization: `Bearer ${token}` } }).then(
      (response) => response.status,
    );
  expect(await useKey()).toBe(200);

  await page.getByRole("button", { name: "Revoke the key “Newsroom sync”" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
  await expect(page.getByText("Key revoked")).toBeVisible();
  expect(await useKey()).toBe(401);
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
  await page.getByLabel("Text", { exact: true }).fill("<p>Come and meet the <strong>newsroom</strong>.</p>");
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
  await expectAccessible(reader);
  await expect(notice.getByRole("link", { name: "Find out more" })).toHaveAttribute("href", "https://example.org/fair");
  await notice.getByRole("button", { name: `Dismiss notice: ${name}` }).click();
  await expect(notice).toBeHidden();
  await reader.reload();
  await expect(reader.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(reader.getByRole("article", { name })).toBeHidden();
  await context.close();
});
