import { expect, test } from "./fixtures/audit.js";
import { ADMIN, serverState } from "./fixtures/accounts.js";

test("the first admin is created through the one-time setup link, with sample data", async ({ page, browser }) => {
  await page.goto(serverState().setupLink);
  await page.getByLabel("First name").fill(ADMIN.firstname);
  await page.getByLabel("Last name").fill(ADMIN.lastname);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.getByLabel("Confirm password").fill("something else");
  await page.getByRole("button", { name: "Create admin account" }).click();
  await expect(page.getByText("The passwords don't match")).toBeVisible();

  await page.getByLabel("Confirm password").fill(ADMIN.password);
  await page.getByLabel("Load sample data").check();
  await page.getByRole("button", { name: "Create admin account" }).click();

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // Sample data fills the lists but leaves the organisation its own name.
  await expect(page).toHaveTitle(/ - Cohort$/);

  // The link is spent and an admin exists: setup refuses from now on.
  const stranger = await browser.newPage();
  await stranger.goto(serverState().setupLink);
  await expect(stranger.getByRole("button", { name: "Create admin account" })).toHaveCount(0);
  await expect(stranger.getByRole("heading", { name: "Setup is complete" })).toBeVisible();
  await expect(stranger.getByRole("link", { name: "Go to login" })).toBeVisible();
  const refused = await stranger.request.post("/api/1.0/setup", {
    headers: { "X-Requested-With": "XMLHttpRequest" },
    data: { ...ADMIN, token: "anything", sampleData: false },
  });
  expect(refused.status()).toBe(409);
  await stranger.close();
});
