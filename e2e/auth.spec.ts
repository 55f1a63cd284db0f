import { expect, test } from "./fixtures/audit.js";
import { ADMIN, createMember, logIn } from "./fixtures/accounts.js";

test("a guest is sent to log in and comes back to where they were going", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fadmin$/);
  await expect(page).toHaveTitle(/^Log in - /);

  await logIn(page, ADMIN.email, "Wrong-password-1");
  await expect(page.getByText("Invalid password/email combination")).toBeVisible();

  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeVisible();
});

test("logging out ends the session", async ({ page }) => {
  await page.goto("/auth/login");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);

  await page.getByRole("button", { name: "Log out" }).click();
  await expect(page).toHaveURL(/\/auth\/login/);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\/login\?next=%2Fadmin$/);
  const me = await page.request.get("/api/1.0/contact/me");
  expect(me.status()).toBe(401);
});

test("a member is refused the admin area with a notification", async ({ page, request }) => {
  const member = await createMember(request);
  await page.goto("/auth/login");
  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("navigation", { name: "Member" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(member.firstname);

  await page.goto("/admin");
  const tray = page.getByRole("region", { name: "Notifications" });
  await expect(tray.getByText("You don't have access to that.")).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin/);
  await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);

  // The server refuses too, whatever the browser does.
  const direct = await page.request.get("/api/1.0/api-key");
  expect(direct.status()).toBe(403);
});
