import { expect, test } from "./fixtures/audit.js";
import { contactListSchema } from "@cohort/common/contacts";
import { ADMIN, logIn } from "./fixtures/accounts.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

test("an admin filters contacts by a tag and a joined date, saves a segment and adds a contact", async ({ page }) => {
  await page.goto("/auth/login?next=%2Fadmin%2Fcontacts");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();
  await expect(page).toHaveTitle(/^Contacts - /);
  // The sample data and the admin: a full first page of 25 rows plus the header row.
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row")).toHaveCount(26);

  await page.getByRole("button", { name: "Filter", exact: true }).click();
  await page.getByRole("button", { name: "Add rule" }).click();
  await page.getByRole("combobox", { name: "Field" }).selectOption({ label: "Tags" });
  await page.getByRole("combobox", { name: "Value for Tags" }).selectOption({ label: "Volunteer" });
  await page.getByRole("button", { name: "Add rule" }).click();
  await page.getByRole("combobox", { name: "Field" }).nth(1).selectOption({ label: "Joined" });
  await page.getByRole("combobox", { name: "Condition", exact: true }).nth(1).selectOption({ label: "is on or after" });
  await page.getByRole("combobox", { name: "Value for Joined" }).selectOption({ label: "1 year ago" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/[?&]rules=/);

  // The server decides who matches; the page must show the same number.
  const rules = new URL(page.url()).searchParams.get("rules") ?? "";
  expect(JSON.parse(rules)).toMatchObject({
    condition: "AND",
    rules: [
      { field: "tags", operator: "contains" },
      { field: "joined", operator: "greater_or_equal", value: ["$now(y:-1)"] },
    ],
  });
  const answer = await page.request.get(`/api/1.0/contact?limit=1&rules=${encodeURIComponent(rules)}`, { headers });
  expect(answer.status()).toBe(200);
  const { total } = contactListSchema.parse(await answer.json());
  if (total > 0) {
    await expect(page.getByText(`1–${Math.min(total, 25)} of ${total}`)).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(Math.min(total, 25) + 1);
  } else {
    await expect(page.getByText("No contacts match")).toBeVisible();
  }

  const segmentName = `Recent volunteers ${Date.now()}`;
  await page.getByRole("button", { name: "Save as segment" }).click();
  const dialog = page.getByRole("dialog", { name: "Save as segment" });
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill(segmentName);
  await dialog.getByRole("button", { name: "Save segment" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/[?&]segment=/);
  const tab = page.getByRole("navigation", { name: "Segments" }).getByRole("link", { name: segmentName });
  await expect(tab).toHaveAttribute("aria-current", "page");
  await expect(tab).toContainText(String(total));

  await page.getByRole("link", { name: "Add contact" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/add$/);
  await page.getByRole("button", { name: "Add contact" }).click();
  await expect(page.getByText("First name is required")).toBeVisible();
  await expect(page.getByText("Email is required")).toBeVisible();

  const email = `ola.nordmann.${Date.now()}@example.org`;
  await page.getByLabel("First name").fill("Ola");
  await page.getByLabel("Last name").fill("Nordmann");
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Add role" }).click();
  await page
    .getByLabel("Contribution", { exact: true })
    .selectOption({ label: "Recorded by hand (standing order, cash, cheque)" });
  await page.getByLabel(/^Amount/).fill("6.50");
  await page.getByLabel("Source").fill("Standing order");
  await page.getByRole("group", { name: "Tags" }).getByLabel("Volunteer").check();
  await page.getByRole("button", { name: "Add contact" }).click();

  await expect(page).toHaveURL(/\/admin\/contacts\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Ola Nordmann" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Ola Nordmann was added")).toBeVisible();
  await expect(page.getByText(email).first()).toBeVisible();
  await expect(page.getByText("£6.50 a month")).toBeVisible();
  await expect(page.getByRole("button", { name: "Remove the tag “Volunteer”" })).toBeVisible();
});
