import type { Page } from "@playwright/test";
import { expect, expectAccessible, PHONE_WIDTH, test } from "./fixtures/audit.js";
import { ADMIN, createMember, logIn } from "./fixtures/accounts.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

async function adminAt(page: Page, path: string): Promise<void> {
  await page.goto(`/auth/login?next=${encodeURIComponent(path)}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** Key by key, as a person types: ProseMirror reads what the browser does with each key. */
async function type(page: Page, text: string): Promise<void> {
  await page.keyboard.type(text);
}

/** Links the text before the cursor on its line, through the link form (Ctrl+K), after one refused address. */
async function linkLine(page: Page, address: string, screenshot?: string): Promise<void> {
  await page.keyboard.press("Shift+Home");
  await page.keyboard.press("ControlOrMeta+k");
  const field = page.getByLabel("Link address");
  await expect(field).toBeFocused();
  await field.fill("javascript:alert(1)");
  await field.press("Enter");
  await expect(page.getByText("Only web and email addresses can be linked")).toBeVisible();
  if (screenshot) await page.screenshot({ path: test.info().outputPath(screenshot) });
  await field.fill(address);
  await field.press("Enter");
  await expect(field).toBeHidden();
}

test("an admin writes a callout's introduction with bold, a list and a link, and readers see it formatted", async ({
  page,
}) => {
  const title = `Roads ${Date.now()}`;
  const { id } = await createCalloutAsAdmin(page.request, {
    formSchema: {
      slides: [
        {
          id: "slide1",
          title: "Slide 1",
          components: [{ id: "c1", key: "street", type: "textfield", label: "Which street?", input: true }],
          navigation: {},
        },
      ],
    },
    variants: {
      default: {
        title,
        excerpt: "",
        intro: "",
        thanksTitle: "Thanks",
        thanksText: "",
        slideNavigation: {},
        componentText: {},
      },
    },
  });
  await adminAt(page, `/admin/callouts/edit/${id}`);
  await page.getByRole("tab", { name: "Content" }).click();
  const intro = page.getByRole("textbox", { name: "Introduction" });
  await intro.click();
  await type(page, "We want to hear ");
  await page.keyboard.press("ControlOrMeta+b");
  await type(page, "from you");
  await page.keyboard.press("ControlOrMeta+b");
  await type(page, ".");
  await page.keyboard.press("Enter");
  const toolbar = page.getByRole("group", { name: "Formatting of Introduction" });
  await toolbar.getByRole("button", { name: "Bulleted list" }).click();
  await expect(toolbar.getByRole("button", { name: "Bulleted list" })).toHaveAttribute("aria-pressed", "true");
  await type(page, "Potholes");
  await page.keyboard.press("Enter");
  await type(page, "Broken lights");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await type(page, "The road map");
  await linkLine(page, "https://example.org/roads", "rich-text-link-refused.png");
  // Undo takes the link away, redo puts it back.
  await page.keyboard.press("ControlOrMeta+z");
  await expect(intro.getByRole("link")).toHaveCount(0);
  await page.keyboard.press("ControlOrMeta+Shift+z");
  await expect(intro.getByRole("link", { name: "The road map" })).toBeVisible();
  await expectAccessible(page);

  // Looked at, wide and on a phone.
  await intro.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("rich-text-intro.png") });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await intro.scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("rich-text-intro-narrow.png") });
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/callouts/view/${id}$`));
  const stored = (await (await page.request.get(`/api/1.0/callout/${id}?with=form`, { headers })).json()) as {
    intro: string;
  };
  expect(stored.intro).toBe(
    "<p>We want to hear <strong>from you</strong>.</p>" +
      "<ul><li><p>Potholes</p></li><li><p>Broken lights</p></li></ul>" +
      '<p><a href="https://example.org/roads" rel="noopener noreferrer">The road map</a></p>',
  );

  await page.goto(`/callouts/${id}`);
  const main = page.getByRole("main");
  await expect(main.locator("strong", { hasText: "from you" })).toBeVisible();
  await expect(main.getByRole("listitem")).toHaveText(["Potholes", "Broken lights"]);
  await expect(main.getByRole("link", { name: "The road map" })).toHaveAttribute("href", "https://example.org/roads");
});

test("an admin writes a notice in the editor, and a member sees it formatted", async ({ page, browser }) => {
  const member = await createMember(page.request, "rich-notice-reader");
  await adminAt(page, "/admin/notices/add");
  const name = `Fair ${Date.now()}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  const text = page.getByRole("textbox", { name: "Text", exact: true });
  await text.click();
  await type(page, "Come to the ");
  await page.getByRole("button", { name: "Bold" }).click();
  await type(page, "summer fair");
  await page.getByRole("button", { name: "Bold" }).click();
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Numbered list" }).click();
  await type(page, "Music");
  await page.keyboard.press("Enter");
  await type(page, "Food");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await type(page, "Programme");
  await linkLine(page, "https://example.org/fair");
  const hourAgo = new Date(Date.now() - 3_600_000);
  const pad = (value: number) => String(value).padStart(2, "0");
  await page
    .getByLabel("Starts")
    .fill(
      `${hourAgo.getFullYear()}-${pad(hourAgo.getMonth() + 1)}-${pad(hourAgo.getDate())}T${pad(hourAgo.getHours())}:${pad(hourAgo.getMinutes())}`,
    );
  await page.getByRole("button", { name: "Create notice" }).click();
  await expect(page).toHaveURL(/\/admin\/notices\/view\//);
  const noticeId = /\/admin\/notices\/view\/([0-9a-f-]{36})/.exec(page.url())?.[1];

  const context = await browser.newContext({ baseURL: BASE_URL });
  const reader = await context.newPage();
  await reader.goto("/auth/login?next=%2Fprofile");
  await logIn(reader, member.email, member.password);
  const notice = reader.getByRole("article", { name });
  await expect(notice.locator("strong", { hasText: "summer fair" })).toBeVisible();
  await expect(notice.locator("ol > li")).toHaveText(["Music", "Food"]);
  await expect(notice.getByRole("link", { name: "Programme" })).toHaveAttribute("href", "https://example.org/fair");
  await context.close();

  // Other journeys' members need not see it.
  const removed = await page.request.delete(`/api/1.0/notice/${noticeId}`, { headers });
  expect(removed.status()).toBeLessThan(300);

  // An email template's text offers its merge fields.
  await page.goto("/admin/emails/templates/welcome");
  const fields = page.getByRole("combobox", { name: "Insert a merge field" });
  await expect(fields).toBeVisible();
  await expect(fields.getByRole("option", { name: "*|FNAME|*" })).toBeAttached();
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath("rich-text-email.png") });
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await page.screenshot({ path: test.info().outputPath("rich-text-email-narrow.png") });
});
