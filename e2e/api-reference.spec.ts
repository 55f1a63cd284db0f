import { expect, PHONE_WIDTH, test } from "./fixtures/audit.js";
import { ADMIN, logIn } from "./fixtures/accounts.js";
import { BASE_URL } from "./fixtures/server.js";

test("an admin opens the API reference from Settings → API keys and reads it under the page's own policy", async ({
  page,
}) => {
  // The viewer reads a description of some 250 operations: slow on a busy machine.
  test.setTimeout(120_000);
  const refused: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to/i.test(text)) refused.push(text);
  });
  const offSite: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin !== new URL(BASE_URL).origin) offSite.push(request.url());
  });

  await page.goto(`/auth/login?next=${encodeURIComponent("/admin/settings/api-keys")}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/settings\/api-keys$/);

  const link = page.getByRole("link", { name: "Open the API reference" });
  await link.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/api-reference$/);

  // The viewer draws the description: its title and the operations of each area.
  const sidebar = page.getByRole("complementary", { name: "Sidebar for Cohort API" });
  await expect(sidebar.getByRole("link", { name: "api-key", exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole("heading", { name: "Cohort API" }).first()).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText("/api/1.0/health").first()).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath("api-reference-1280.png") });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await expect(page.getByRole("heading", { name: "Cohort API" }).first()).toBeVisible({ timeout: 60_000 });
  await page.screenshot({ path: test.info().outputPath("api-reference-375.png") });

  expect(refused).toEqual([]);
  // Nothing is asked of another site: no fonts, no AI, no telemetry.
  expect(offSite).toEqual([]);
});
