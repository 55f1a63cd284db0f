import { expect, test } from "./fixtures/audit.js";
import { contactListSchema } from "@cohort/common/contacts";
import { ADMIN, logIn } from "./fixtures/accounts.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

test("an admin checks and imports a CSV of contacts, then finds the new one in the list", async ({ page }) => {
  await page.goto("/auth/login?next=%2Fadmin%2Fcontacts");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await expect(page.getByRole("link", { name: "Export CSV of the contacts shown" })).toHaveAttribute(
    "href",
    "/api/1.0/contact.csv",
  );

  // A sample contact other than the admin, to be updated by the file.
  const answer = await page.request.get("/api/1.0/contact?limit=10&sort=email&order=ASC", { headers });
  expect(answer.status()).toBe(200);
  const existing = contactListSchema.parse(await answer.json()).items.find((item) => item.email !== ADMIN.email);
  if (!existing) throw new Error("The sample data has no contact besides the admin");

  const stamp = Date.now();
  const newEmail = `imported.reader.${stamp}@example.org`;
  const tag = `Imported ${stamp}`;
  const csv = [
    "EmailAddress,FirstName,LastName,Tags,Shoe size",
    `${newEmail},Ines,Importer,${tag},38`,
    `${existing.email},,,${tag},41`,
    "not-an-email,Broken,Row,,40",
  ].join("\n");

  await page.getByRole("link", { name: "Import CSV" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts\/import$/);
  await expect(page.getByRole("heading", { level: 1, name: "Import contacts" })).toBeVisible();
  await expect(page).toHaveTitle(/^Import contacts - /);

  await page.getByLabel("Choose a CSV file").setInputFiles({
    name: "readers.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv, "utf8"),
  });
  await expect(page.getByText("Rows found: 3")).toBeVisible();

  // The export's headers are recognised; an unknown column is left out.
  const columns = page.getByRole("table", { name: "Columns of the CSV file" });
  await expect(columns.getByRole("combobox", { name: "Import column “EmailAddress” as" })).toHaveValue("email");
  await expect(columns.getByRole("combobox", { name: "Import column “Tags” as" })).toHaveValue("tags");
  await expect(columns.getByRole("combobox", { name: "Import column “Shoe size” as" })).toHaveValue("");

  // Without an email column nothing is checked.
  await columns.getByRole("combobox", { name: "Import column “EmailAddress” as" }).selectOption("");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText("Exactly one column must be imported as Email.", { exact: false })).toBeVisible();
  await columns.getByRole("combobox", { name: "Import column “EmailAddress” as" }).selectOption({ label: "Email" });

  await page.getByRole("button", { name: "Check" }).click();
  const count = (label: string) => page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd");
  await expect(count("New contacts")).toHaveText("1");
  await expect(count("Updated contacts")).toHaveText("1");
  await expect(count("Skipped rows")).toHaveText("1");
  await expect(count("New tags")).toHaveText("1");
  const problems = page.getByRole("table", { name: "Rows with problems" });
  await expect(problems.getByRole("row")).toHaveCount(2);
  await expect(problems.getByRole("row").nth(1).getByRole("cell").nth(0)).toHaveText("3");
  await expect(problems.getByRole("row").nth(1).getByRole("cell").nth(1)).toHaveText("not-an-email");
  await expect(problems.getByRole("row").nth(1).getByRole("cell").nth(2)).toHaveText("Email");

  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import these contacts?" });
  await expect(dialog).toContainText("New contacts: 1. Updated contacts: 1. Skipped rows: 1. New tags: 1.");
  await dialog.getByRole("button", { name: "Import now" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByText("Import complete")).toBeVisible();
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Contacts imported")).toBeVisible();

  await page.getByRole("link", { name: "Go to the contacts" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await page.getByLabel("Search contacts").fill(newEmail);
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText(newEmail)).toBeVisible();
  await expect(table.getByText("Ines Importer")).toBeVisible();
});
