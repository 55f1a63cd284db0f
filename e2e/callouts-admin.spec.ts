import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { calloutSchema } from "@cohort/common/callouts";
import { flattenComponents } from "@cohort/common/callout-form";
import { ADMIN, createMember, logIn } from "./fixtures/accounts.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

async function loadCallout(page: Page, id: string) {
  const response = await page.request.get(
    `/api/1.0/callout/${id}?with=form&with=responseCount&with=responseViewSchema`,
    { headers },
  );
  expect(response.status()).toBe(200);
  return calloutSchema.parse(await response.json());
}

function calloutIdFrom(page: Page): string {
  const id = /\/admin\/callouts\/(?:view|edit)\/([0-9a-f-]{36})/.exec(page.url())?.[1];
  if (!id) throw new Error(`No callout id in ${page.url()}`);
  return id;
}

/** A notification with this text, in the tray at the bottom left. */
const toast = (page: Page, text: string) =>
  page.getByRole("region", { name: "Notifications" }).getByText(text, { exact: true });

test.beforeEach(async ({ page }) => {
  await page.goto("/auth/login?next=%2Fadmin%2Fcallouts");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/callouts$/);
});

test("an admin builds a callout, saves a draft, publishes it and updates it without moving its start", async ({
  page,
}) => {
  const title = `Potholes ${Date.now()}`;
  await page.getByRole("link", { name: "Add callout" }).first().click();
  await expect(page.getByRole("heading", { name: "New callout" })).toBeVisible();

  // A question whose key follows its label, then a panel with a radio group moved into it by keyboard.
  await page.getByRole("button", { name: "Short text (add)" }).click();
  await page.getByLabel("Question").fill("Which street?");
  await expect(page.getByLabel("Key")).toHaveValue("whichStreet");
  await page.getByRole("button", { name: "Panel (add)" }).click();
  await page.getByLabel("Name", { exact: true }).fill("Details");
  await page.getByLabel("Add to").selectOption({ label: "The slide" });
  await page.getByRole("button", { name: "Radio buttons (add)" }).click();
  await page.getByLabel("Question").fill("How deep is it?");
  await page.getByLabel("Label of option 1").fill("Shallow");
  await page.getByLabel("Label of option 2").fill("Deep");
  await page.locator("[data-builder-row]").last().focus();
  await page.keyboard.press("Alt+ArrowRight");
  await expect(page.getByText("Moved “How deep is it?” into the panel above.")).toBeAttached();

  // Saving without a title lands on the tab that needs it.
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("tab", { name: /Title and image/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Give the callout a title.")).toBeVisible();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Short description").fill("Tell us where the road needs fixing.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/callouts\/edit\/[0-9a-f-]{36}$/);
  await expect(toast(page, "The draft is saved.")).toBeVisible();
  const id = calloutIdFrom(page);

  const draft = await loadCallout(page, id);
  expect(draft).toMatchObject({ status: "draft", title, starts: null });
  const keys = flattenComponents(draft.formSchema?.slides[0]?.components ?? []).map((component) => component.key);
  expect(keys).toEqual(["whichStreet", "details", "howDeepIsIt"]);

  await expect(page.getByRole("heading", { name: "Edit callout" })).toBeVisible();
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/callouts/view/${id}$`));
  await expect(page.getByText("Open", { exact: true })).toBeVisible();
  const published = await loadCallout(page, id);
  expect(published.status).toBe("open");
  await expect(page.getByLabel("Code to embed it in a web page")).toHaveValue(
    new RegExp(`<script src="http://[^"]+/embed\\.js" data-url="callouts/${published.slug}"></script>`),
  );

  // An update of a live callout keeps its start and its saved keys.
  await page.getByRole("link", { name: "Edit", exact: true }).click();
  await page.getByRole("tab", { name: "Title and image" }).click();
  await expect(page.getByLabel("Link name")).toHaveAttribute("readonly", "");
  await page.getByLabel("Short description").fill("Tell us where the road needs fixing, with a photo.");

  // An email question stays private, a name question is shown by choice; switching the gallery on names what
  // becomes public and marks what identifies a person.
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByRole("button", { name: "Email (add)" }).click();
  await page.getByLabel("Question").fill("Your email");
  await expect(page.getByRole("checkbox", { name: "Show this answer publicly" })).not.toBeChecked();
  await page.getByRole("button", { name: "Short text (add)" }).click();
  await page.getByLabel("Question").fill("Your name");
  await page.getByRole("checkbox", { name: "Show this answer publicly" }).check();
  const properties = page.locator('section[aria-labelledby="properties-title"]');
  await properties.screenshot({ path: test.info().outputPath("privacy-toggle.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await properties.screenshot({ path: test.info().outputPath("privacy-toggle-narrow.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "File upload (add)" }).click();
  await page.getByLabel("Question").fill("A photo");
  await page.getByRole("tab", { name: "Response display" }).click();
  await page.getByRole("checkbox", { name: "Show responses to the public" }).check();
  // The earlier notifications would cover the dialog on a phone.
  const tray = page.getByRole("region", { name: "Notifications" });
  while ((await tray.getByRole("button").count()) > 0) await tray.getByRole("button").first().click();
  await page.getByRole("checkbox", { name: "Gallery of photos" }).click();
  const warning = page.getByRole("dialog", { name: "Show answers to the public?" });
  await expect(warning.getByTestId("public-answers").getByRole("listitem")).toHaveText([
    "Which street?",
    "How deep is it?",
    "Your nameIdentifies a person",
    "A photo",
  ]);
  await expect(warning.getByRole("note")).toContainText("Identifies a person");
  await expect(warning.getByTestId("private-answers").getByRole("listitem")).toHaveText(["Your email"]);
  await page.screenshot({ path: test.info().outputPath("public-display-warning.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: test.info().outputPath("public-display-warning-narrow.png") });
  await page.setViewportSize({ width: 1280, height: 800 });
  await warning.getByRole("button", { name: "Show publicly" }).click();
  await expect(page.getByRole("checkbox", { name: "Gallery of photos" })).toBeChecked();
  const photoChoice = page.getByLabel("Photo of each response").locator("option", { hasText: "A photo" });
  await page.getByLabel("Photo of each response").selectOption((await photoChoice.getAttribute("value")) ?? "");

  await page.getByRole("button", { name: "Update" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/callouts/view/${id}$`));
  const updated = await loadCallout(page, id);
  expect(updated.excerpt).toBe("Tell us where the road needs fixing, with a photo.");
  expect(updated.starts).toBe(published.starts);
  expect(updated.responseViewSchema).toMatchObject({ gallery: true, map: null });
  const email = flattenComponents(updated.formSchema?.slides[0]?.components ?? []).find(
    (component) => component.type === "email",
  );
  expect(email).toMatchObject({ label: "Your email" });
  expect(email).not.toHaveProperty("showPublicly");
  const name = flattenComponents(updated.formSchema?.slides[0]?.components ?? []).find(
    (component) => component.label === "Your name",
  );
  expect(name).toMatchObject({ showPublicly: true });
});

test("an admin ends, reopens, replicates and deletes a callout from its overview", async ({ page }) => {
  const title = `Bus stops ${Date.now()}`;
  const created = await page.request.post("/api/1.0/callout", {
    headers,
    data: {
      image: "",
      allowUpdate: false,
      allowMultiple: false,
      hidden: false,
      access: "anonymous",
      captcha: "none",
      starts: new Date(Date.now() - 60_000).toISOString(),
      formSchema: {
        slides: [
          {
            id: "slide1",
            title: "Slide 1",
            components: [{ id: "c1", key: "stop", type: "textfield", label: "Which stop?", input: true }],
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
    },
  });
  expect(created.status()).toBe(200);
  const { id } = calloutSchema.parse(await created.json());

  await page.getByRole("searchbox", { name: "Search callouts by title" }).fill(title);
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole("link", { name: "Open", exact: true }).click();
  await expect(page).toHaveURL(/status=open/);
  await page.getByRole("link", { name: title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/callouts/view/${id}$`));

  await page.getByRole("button", { name: "End now" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "End now" }).click();
  await expect(toast(page, `“${title}” has ended.`)).toBeVisible();
  expect((await loadCallout(page, id)).status).toBe("ended");

  await page.getByRole("button", { name: "Reopen" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Reopen" }).click();
  await expect(toast(page, `“${title}” is open again.`)).toBeVisible();
  const reopened = await loadCallout(page, id);
  expect(reopened).toMatchObject({ status: "open", expires: null });

  await page.getByRole("button", { name: "Replicate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Make a copy" }).click();
  await expect(page).toHaveURL(/\/admin\/callouts\/edit\/[0-9a-f-]{36}\?replicated$/);
  await expect(page.getByText("This is a copy")).toBeVisible();
  const copyId = calloutIdFrom(page);
  expect(copyId).not.toBe(id);
  expect(await loadCallout(page, copyId)).toMatchObject({ status: "draft", title });

  await page.goto(`/admin/callouts/view/${copyId}`);
  await page.getByRole("button", { name: "Delete" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete for good" }).click();
  await expect(page).toHaveURL(/\/admin\/callouts$/);
  const gone = await page.request.get(`/api/1.0/callout/${copyId}`, { headers });
  expect(gone.status()).toBe(404);
});

test("a reviewer sees the callouts they review, without admin actions", async ({ page, browser }) => {
  const title = `Reviewed ${Date.now()}`;
  const created = await page.request.post("/api/1.0/callout", {
    headers,
    data: {
      image: "",
      allowUpdate: false,
      allowMultiple: false,
      hidden: true,
      access: "member",
      captcha: "none",
      formSchema: {
        slides: [
          {
            id: "slide1",
            title: "Slide 1",
            components: [{ id: "c1", key: "note", type: "textarea", label: "Note", input: true }],
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
    },
  });
  const { id } = calloutSchema.parse(await created.json());
  const reviewer = await createMember(page.request, "reviewer");

  // The admin adds the reviewer on the editor's Reviewers tab.
  await page.goto("/auth/login?next=%2Fadmin%2Fcallouts");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/callouts$/);
  await page.goto(`/admin/callouts/edit/${id}`);
  await page.getByRole("tab", { name: "Reviewers" }).click();
  await page.getByPlaceholder("Name or email").fill(reviewer.email);
  await page.getByRole("button", { name: new RegExp(`Add\\s*Mia Reader`) }).click();
  await expect(toast(page, "Mia Reader is now a reviewer.")).toBeVisible();

  const context = await browser.newContext();
  const reviewerPage = await context.newPage();
  await reviewerPage.goto("/auth/login?next=%2Fadmin%2Fcallouts");
  await logIn(reviewerPage, reviewer.email, reviewer.password);
  await expect(reviewerPage.getByRole("link", { name: title, exact: true })).toBeVisible();
  await expect(reviewerPage.getByRole("link", { name: "Add callout" })).toHaveCount(0);
  await expect(reviewerPage.getByRole("columnheader", { name: "Responses" })).toHaveCount(0);
  await reviewerPage.getByRole("link", { name: title, exact: true }).click();
  await expect(reviewerPage.getByRole("heading", { name: title })).toBeVisible();
  await expect(reviewerPage.getByRole("button", { name: "Delete" })).toHaveCount(0);
  await context.close();
});
