import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures/audit.js";
import { contactListSchema } from "@cohort/common/contacts";
import { ADMIN, logIn } from "./fixtures/accounts.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

test("an admin checks and imports a CSV of contacts, then finds the new one in the list", async ({ page }) => {
  await page.goto("/auth/login?next=%2Fadmin%2Fcontacts");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/contacts$/);

  // A sample contact other than the admin, to be updated by the file.
  const answer = await page.request.get("/api/1.0/contact?limit=10&sort=email&order=ASC", { headers });
  expect(answer.status()).toBe(200);
  const everyone = contactListSchema.parse(await answer.json());
  const existing = everyone.items.find((item) => item.email !== ADMIN.email);
  if (!existing) throw new Error("The sample data has no contact besides the admin");

  // The export reads the CSV in the page, showing the rows received against the list's count, then saves it.
  let releaseExport = () => undefined as void;
  const exportHeld = new Promise<void>((resolve) => (releaseExport = resolve));
  await page.route("**/api/1.0/contact.csv*", async (route) => {
    await exportHeld;
    await route.continue();
  });
  // The list's count as the page shows it: journeys side by side may add contacts after the page read its list.
  const range = await page
    .getByText(/^\d+–\d+ of \d+$/)
    .first()
    .textContent();
  const shownTotal = /of (\d+)$/.exec(range ?? "")?.[1];
  await page.getByRole("button", { name: "Export CSV of the contacts shown" }).click();
  const exportProgress = page.getByRole("progressbar", { name: "Download progress" });
  await expect(exportProgress).toHaveAttribute("aria-valuemax", String(shownTotal));
  await expect(exportProgress).toHaveAttribute("aria-valuenow", "0");
  const [exported] = await Promise.all([page.waitForEvent("download"), Promise.resolve(releaseExport())]);
  expect(exported.suggestedFilename()).toMatch(/^contacts-.+\.csv$/);
  const exportedCsv = await readFile(await exported.path(), "utf8");
  expect(exportedCsv.split("\n")[0]).toContain("EmailAddress");
  expect(exportedCsv).toContain(existing.email);
  await expect(exportProgress).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("CSV file saved")).toBeVisible();
  await page.unroute("**/api/1.0/contact.csv*");

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

  // Before anything is written, each updated contact is listed with what changes: here, the tag it gains.
  const changes = page.getByRole("table", { name: "Changes to existing contacts" });
  await expect(changes.getByRole("row")).toHaveCount(2);
  const changed = changes.getByRole("row").nth(1);
  await expect(changed.getByRole("cell").nth(0)).toHaveText("2");
  await expect(changed.getByRole("cell").nth(1)).toHaveText(existing.email);
  const tagChange = changed.getByRole("listitem");
  await expect(tagChange).toHaveCount(1);
  await expect(tagChange).toContainText("Tags:");
  await expect(tagChange).toContainText(new RegExp(`→becomes .*${tag}$`));
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await changes.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`import-preview-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The import goes in batches with a progress bar; hold the first one to see it.
  let releaseImport = () => undefined as void;
  const importHeld = new Promise<void>((resolve) => (releaseImport = resolve));
  await page.route("**/api/1.0/contact/import", async (route) => {
    if ((route.request().postDataJSON() as { dryRun?: boolean }).dryRun !== true) await importHeld;
    await route.continue();
  });

  await page.getByRole("button", { name: "Import", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Import these contacts?" });
  await expect(dialog).toContainText("New contacts: 1. Updated contacts: 1. Skipped rows: 1. New tags: 1.");
  await dialog.getByRole("button", { name: "Import now" }).click();
  await expect(dialog).toHaveCount(0);
  const importProgress = page.getByRole("progressbar", { name: "Import progress" });
  await expect(importProgress).toHaveAttribute("aria-valuenow", "0");
  await expect(importProgress).toHaveAttribute("aria-valuemax", "2");
  await expect(page.getByText("0 of 2 rows imported")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop after this batch" })).toBeVisible();
  releaseImport();

  // The summary: what was added and updated, and the refused row with its reason.
  await expect(page.getByText("Import complete")).toBeVisible();
  await expect(importProgress).toHaveCount(0);
  await expect(page.getByText("2 of 2 rows imported.", { exact: false })).toBeVisible();
  await expect(count("New contacts")).toHaveText("1");
  await expect(count("Updated contacts")).toHaveText("1");
  await expect(count("Skipped rows")).toHaveText("1");
  const refused = page.getByRole("table", { name: "Rows with problems" }).getByRole("row").nth(1);
  await expect(refused.getByRole("cell").nth(0)).toHaveText("3");
  await expect(refused.getByRole("cell").nth(3)).toHaveText("Invalid email address");
  await expect(page.getByRole("region", { name: "Notifications" }).getByText("Contacts imported")).toBeVisible();

  await page.getByRole("link", { name: "Go to the contacts" }).click();
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await page.getByLabel("Search contacts").fill(newEmail);
  const table = page.getByRole("table", { name: "Contacts" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText(newEmail)).toBeVisible();
  await expect(table.getByText("Ines Importer")).toBeVisible();
});
