import { expect, test } from "./fixtures/audit.js";

test("?lang=de shows the login page in German", async ({ page }) => {
  await page.goto("/auth/login?lang=de");
  await expect(page.getByRole("heading", { name: "Anmelden" })).toBeVisible();
  await expect(page.getByLabel("E-Mail")).toBeVisible();
  await expect(page.getByRole("button", { name: "Anmelden" })).toBeVisible();
  await expect(page).toHaveTitle(/^Anmelden - /);
});

test("unknown paths show the not-found page", async ({ page }) => {
  await page.goto("/this/does/not/exist");
  await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
});

test("unknown API paths answer JSON, not the app", async ({ request }) => {
  const response = await request.get("/api/1.0/this/does/not/exist");
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ code: "route-not-found", httpCode: 404 });
});
