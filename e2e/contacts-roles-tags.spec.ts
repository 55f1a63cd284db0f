import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { contactListSchema, contactSchema } from "@cohort/common/contacts";
import { ADMIN, logIn } from "./fixtures/accounts.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

/** Creates a member through the API; the request context must be logged in as the admin. */
async function addMember(request: APIRequestContext, email: string, firstname: string) {
  const response = await request.post("/api/1.0/contact", {
    headers,
    data: { email, firstname, lastname: "Tester", roles: [{ role: "member", dateAdded: new Date().toISOString() }] },
  });
  expect(response.status()).toBe(200);
  return contactSchema.parse(await response.json());
}

test.beforeEach(async ({ page }) => {
  await page.goto("/auth/login?next=%2Fadmin%2Fcontacts");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/contacts$/);
});

test("an admin gives a contact the admin role and takes their membership away", async ({ page }) => {
  const contact = await addMember(page.request, `roles.${Date.now()}@example.org`, "Rolf");
  await page.goto(`/admin/contacts/${contact.id}`);
  await page.getByRole("link", { name: "Account", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/contacts/${contact.id}/account$`));

  await page.getByRole("button", { name: "Add role" }).click();
  await page.getByLabel("Role", { exact: true }).selectOption({ label: "Admin" });
  const nextYear = `${new Date().getFullYear() + 1}-06-30`;
  await page.getByLabel("Ends on").fill(nextYear);
  await page.getByRole("button", { name: "Add role" }).last().click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Role Admin saved")).toBeVisible();

  await page.getByRole("button", { name: "Remove the role Member" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove role" }).click();
  await expect(page.getByRole("button", { name: "Remove the role Member" })).toHaveCount(0);

  const saved = contactSchema.parse(
    await (await page.request.get(`/api/1.0/contact/${contact.id}?with=roles`, { headers })).json(),
  );
  expect(saved.roles?.map((role) => role.role)).toEqual(["admin"]);
  expect(saved.roles?.[0]?.dateExpires?.slice(0, 10)).toBe(nextYear);
  expect(saved.activeRoles).toEqual(["admin"]);
});

test("an admin tags every contact of a search in one go", async ({ page }) => {
  const marker = `bulk${Date.now()}`;
  for (const name of ["Ada", "Bo"]) await addMember(page.request, `${marker}.${name.toLowerCase()}@example.org`, name);
  const tagResponse = await page.request.post("/api/1.0/contact-tags", {
    headers,
    data: { name: `Event ${marker}`, description: "" },
  });
  const tag = (await tagResponse.json()) as { id: string; name: string };

  await page.reload();
  await page.getByLabel("Search contacts").fill(marker);
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row")).toHaveCount(3);

  await page.getByLabel("Select all contacts on this page").check();
  await page.getByRole("region", { name: "Selected contacts" }).getByRole("button", { name: "Add tag" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a tag" });
  await dialog.getByLabel("Tag").selectOption({ label: tag.name });
  await dialog.getByRole("button", { name: "Add tag" }).click();
  const tray = page.getByRole("region", { name: "Notifications" });
  await expect(tray.getByText(`Tag “${tag.name}” added`)).toBeVisible();
  await expect(tray.getByText("Contacts affected: 2")).toBeVisible();

  const rules = { condition: "AND", rules: [{ field: "tags", operator: "contains", value: [tag.id] }] };
  const tagged = contactListSchema.parse(
    await (
      await page.request.get(`/api/1.0/contact?rules=${encodeURIComponent(JSON.stringify(rules))}`, { headers })
    ).json(),
  );
  expect(tagged.items.map((item) => item.email).sort()).toEqual([
    `${marker}.ada@example.org`,
    `${marker}.bo@example.org`,
  ]);
  await expect(table.getByText(tag.name)).toHaveCount(2);
});

test("an admin changes a contact and finds the change in Activity and on the contact", async ({ page }) => {
  const contact = await addMember(page.request, `activity.${Date.now()}@example.org`, "Vera");
  await page.goto(`/admin/contacts/${contact.id}/account`);
  await page.getByLabel("Notes").fill("Called about the print edition");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Changes saved")).toBeVisible();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Activity" }).click();
  await expect(page).toHaveURL(/\/admin\/activity$/);
  await expect(page).toHaveTitle(/^Activity - /);
  const row = page
    .getByRole("table", { name: "Staff actions" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "Vera Tester" }) });
  await expect(row.first()).toContainText("Contact changed");
  await expect(row.first()).toContainText("Called about the print edition");
  // The changed field is named as the contact form names it, not as the server stores it.
  await expect(row.first().getByRole("term")).toHaveText(["Notes"]);
  await page.screenshot({ path: test.info().outputPath("activity-1280.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("activity-375.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // Only what this admin did, then only contact changes.
  await row
    .first()
    .getByRole("link", { name: `${ADMIN.firstname} ${ADMIN.lastname}` })
    .click();
  await expect(page).toHaveURL(/[?&]actor=/);
  await expect(page.getByRole("button", { name: /By Ada Editor/ })).toBeVisible();
  await page.getByLabel("What").selectOption({ label: "Contact changed" });
  await expect(page).toHaveURL(/[?&]kind=contact\.update/);
  await expect(page.getByRole("link", { name: "Vera Tester" }).first()).toBeVisible();

  await page.getByRole("link", { name: "Vera Tester" }).first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/contacts/${contact.id}/activity$`));
  const own = page.getByRole("table", { name: "What staff did to this contact" });
  await expect(own.getByRole("row").filter({ hasText: "Contact changed" })).toHaveCount(1);
  await expect(own).toContainText("Contact added");
});
