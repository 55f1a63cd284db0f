import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { ADMIN, createMember, logIn } from "./fixtures/accounts.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };
const STORY = "The water reached the second step of the cellar stairs";

const floodForm = {
  slides: [
    {
      id: "flood",
      title: "Flood",
      navigation: {},
      components: [
        {
          id: "f1",
          key: "story",
          type: "textarea",
          input: true,
          label: "What happened to you?",
          validate: { required: true },
        },
        {
          id: "f2",
          key: "district",
          type: "select",
          input: true,
          label: "Which district?",
          data: {
            values: [
              { label: "North bank", value: "north" },
              { label: "South bank", value: "south" },
            ],
          },
        },
      ],
    },
  ],
};

/** Logs the request context in as the admin; it stays logged in. */
async function asAdmin(request: APIRequestContext) {
  const login = await request.post("/api/1.0/auth/login", {
    headers,
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status()).toBe(204);
}

/** Creates an open callout for guests as the admin; answers its id and slug. */
async function createCallout(request: APIRequestContext, title: string) {
  const slug = `flood-${Date.now()}-${Math.round(Math.random() * 1000)}`;
  const created = await request.post("/api/1.0/callout", {
    headers,
    data: {
      slug,
      image: "",
      allowUpdate: false,
      allowMultiple: true,
      hidden: false,
      access: "guest",
      captcha: "none",
      starts: new Date(Date.now() - 60_000).toISOString(),
      formSchema: floodForm,
      variants: {
        default: {
          title,
          excerpt: "Tell us what the flood did.",
          intro: "<p>We want to hear from you.</p>",
          thanksTitle: "Thank you for your story",
          thanksText: "<p>We read every response.</p>",
          slideNavigation: { flood: { prevText: "Back", nextText: "Next", submitText: "Send" } },
          componentText: {},
        },
      },
    },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  return { id, slug };
}

async function contactIdOf(request: APIRequestContext, email: string): Promise<string> {
  const rules = JSON.stringify({ condition: "AND", rules: [{ field: "email", operator: "equal", value: [email] }] });
  const list = await request.get(`/api/1.0/contact?rules=${encodeURIComponent(rules)}`, { headers });
  const { items } = (await list.json()) as { items: { id: string }[] };
  expect(items).toHaveLength(1);
  return items[0]!.id;
}

async function openResponse(page: Page, number: number) {
  await page.getByRole("link", { name: `Open response #${number}` }).click();
  await expect(page.getByRole("heading", { name: `Response #${number}` })).toBeVisible();
}

test("a newsroom works through a callout's responses: filter, tag, assign, discuss, verify and export", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  await asAdmin(request);
  const callout = await createCallout(request, `Flood stories ${Date.now()}`);
  const other = await createCallout(request, `Other callout ${Date.now()}`);
  await request.post("/api/1.0/auth/logout", { headers });
  const reviewer = await createMember(request, "reviewer");
  await asAdmin(request);
  const reviewerId = await contactIdOf(request, reviewer.email);
  expect(
    (
      await request.post(`/api/1.0/callout/${callout.id}/reviewers`, { headers, data: { contactId: reviewerId } })
    ).status(),
  ).toBe(200);
  await request.post("/api/1.0/auth/logout", { headers });
  const elsewhere = await request.post(`/api/1.0/callout/${other.id}/responses`, {
    headers,
    data: {
      answers: { flood: { story: "Another callout's story", district: "north" } },
      guest: { firstname: "Otto", lastname: "Other", email: `otto.${Date.now()}@example.org` },
    },
  });
  expect(elsewhere.status()).toBe(200);
  const { id: elsewhereId } = (await elsewhere.json()) as { id: string };

  // A guest answers the callout.
  const guest = await browser.newContext({ baseURL: BASE_URL });
  const guestPage = await guest.newPage();
  await guestPage.goto(`/callouts/${callout.slug}/respond`);
  await guestPage.getByLabel(/What happened to you/).fill(STORY);
  await guestPage.getByLabel(/Which district/).selectOption({ label: "South bank" });
  await guestPage.getByLabel("First name", { exact: true }).fill("Gina");
  await guestPage.getByLabel("Last name", { exact: true }).fill("Guest");
  await guestPage.getByLabel("Email", { exact: true }).fill(`gina.${Date.now()}@example.org`);
  await guestPage.getByRole("button", { name: "Send" }).click();
  await expect(guestPage.getByRole("heading", { name: "Thank you for your story" })).toBeVisible();
  await guest.close();

  // The admin follows the response count to the inbox and filters by an answer.
  await page.goto(`/auth/login?next=${encodeURIComponent(`/admin/callouts/view/${callout.id}`)}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("link", { name: /See the responses/ }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/callouts/view/${callout.id}/responses$`));
  await expect(page.getByRole("link", { name: "Open response #1" })).toBeVisible();
  await page.getByRole("button", { name: /^Filter/ }).click();
  await page.getByRole("button", { name: "Add rule" }).click();
  await page.getByRole("combobox", { name: "Field" }).selectOption({ label: "Which district?" });
  await page.getByRole("combobox", { name: "Value for Which district?" }).selectOption({ label: "North bank" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("No responses match")).toBeVisible();
  await page.getByRole("combobox", { name: "Value for Which district?" }).selectOption({ label: "South bank" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByRole("link", { name: "Open response #1" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Responses" }).getByText("South bank")).toBeVisible();

  // A tag for the callout, then on the response; assigned to the reviewer, with a comment.
  await page.getByRole("link", { name: "Response tags" }).click();
  await page.getByLabel("Name").fill("Follow up");
  await page.getByLabel("Description").fill("Worth a phone call");
  await page.getByRole("button", { name: "Create tag" }).click();
  await expect(page.getByText("Responses with this tag: 0")).toBeVisible();
  await page.getByRole("link", { name: "Back to the responses" }).click();
  await openResponse(page, 1);
  await expect(page.getByText(STORY)).toBeVisible();
  await expect(page.getByText("1 of 1 in Inbox")).toBeVisible();
  await page.getByRole("combobox", { name: "Tag to add" }).selectOption({ label: "Follow up" });
  await page.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByRole("button", { name: "Remove the tag Follow up" })).toBeVisible();
  await page.getByRole("combobox", { name: "Assign to" }).selectOption({ label: "Mia Reader" });
  await expect(page.getByRole("complementary").getByText("Mia Reader", { exact: true }).first()).toBeVisible();
  await page.getByRole("textbox", { name: "Add a comment" }).fill("Please call her back today.");
  await page.getByRole("button", { name: "Post comment" }).click();
  await expect(page.getByText("Please call her back today.")).toBeVisible();

  // The reviewer sees it and joins the discussion, but not another callout's responses.
  const reviewerContext = await browser.newContext({ baseURL: BASE_URL });
  const reviewerPage = await reviewerContext.newPage();
  await reviewerPage.goto(`/auth/login?next=${encodeURIComponent(`/admin/callouts/view/${callout.id}/responses`)}`);
  await logIn(reviewerPage, reviewer.email, reviewer.password);
  await openResponse(reviewerPage, 1);
  await expect(reviewerPage.getByText(STORY)).toBeVisible();
  await expect(reviewerPage.getByText("Please call her back today.")).toBeVisible();
  await expect(reviewerPage.getByRole("button", { name: "Edit the answers" })).toHaveCount(0);
  await reviewerPage.getByRole("textbox", { name: "Add a comment" }).fill("I will call her at noon.");
  await reviewerPage.getByRole("button", { name: "Post comment" }).click();
  await expect(reviewerPage.getByText("I will call her at noon.")).toBeVisible();
  // Another callout's responses stay out of reach: none listed, none opened.
  const otherList = await reviewerPage.request.get(`/api/1.0/callout/${other.id}/responses`, { headers });
  expect(((await otherList.json()) as { total: number }).total).toBe(0);
  await reviewerPage.goto(`/admin/callouts/view/${other.id}/responses`);
  await expect(reviewerPage.getByText("The inbox is empty")).toBeVisible();
  await expect(reviewerPage.getByRole("link", { name: /Open response/ })).toHaveCount(0);
  await reviewerPage.goto(`/admin/callouts/view/${other.id}/responses/${elsewhereId}`);
  await expect(reviewerPage.getByRole("alert")).toContainText("does not exist or you may not see it");
  await expect(reviewerPage.getByText("Another callout's story")).toHaveCount(0);
  await reviewerContext.close();

  // The admin moves it to verified with its key and exports the verified bucket.
  await page.reload();
  await expect(page.getByText("I will call her at noon.")).toBeVisible();
  await page.getByRole("heading", { name: "Response #1" }).click();
  await page.keyboard.press("v");
  await expect(page.getByText("Response #1 moved to Verified")).toBeVisible();
  await expect(page.getByText("1 of 1 in Verified")).toBeVisible();
  await page.goto(`/admin/callouts/view/${callout.id}/responses?bucket=verified`);
  await expect(page.getByRole("link", { name: "Open response #1" })).toBeVisible();
  // The button reads the CSV of the view on screen in the page, then saves it.
  const [exported] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export CSV" }).click(),
  ]);
  expect(exported.suggestedFilename()).toMatch(/^responses-.+\.csv$/);
  const csv = await readFile(await exported.path(), "utf8");
  const [header, row] = csv.trim().split(/\r?\n/);
  expect(header).toContain("What happened to you?");
  expect(header).toContain("Which district?");
  expect(row).toContain(STORY);
  expect(row).toContain("South bank");
  expect(row).toContain("verified");
  expect(row).toContain("Follow up");
  expect(csv.trim().split(/\r?\n/)).toHaveLength(2);

  // A contact's page lists their responses across callouts, linked to the inbox.
  await asAdmin(request);
  const own = await request.post(`/api/1.0/callout/${other.id}/responses`, {
    headers,
    data: { answers: { flood: { story: "The admin's own story", district: "south" } } },
  });
  expect(own.status()).toBe(200);
  const me = (await (await request.get("/api/1.0/contact/me", { headers })).json()) as { id: string };
  await page.goto(`/admin/contacts/${me.id}/callouts`);
  await page.getByRole("link", { name: "Open response #2" }).click();
  await expect(page.getByText("The admin's own story")).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/callouts/view/${other.id}/responses/`));
});

test("a wide responses table scrolls within itself at 1280 px, its first columns staying in view", async ({
  page,
  request,
}) => {
  const keys = ["street", "cellar", "insurance", "neighbours", "council", "advice"];
  const slug = `wide-${Date.now()}`;
  const { id } = await createCalloutAsAdmin(request, {
    slug,
    allowMultiple: true,
    formSchema: {
      slides: [
        {
          id: "s",
          title: "Flood",
          navigation: {},
          components: keys.map((key, index) => ({
            id: `c${index}`,
            key,
            type: "textfield",
            input: true,
            label: `What would you like to tell us about the ${key} after the flood?`,
          })),
        },
      ],
    },
    variants: {
      default: {
        title: "A wide table",
        excerpt: "",
        intro: "",
        thanksTitle: "Thanks",
        thanksText: "",
        slideNavigation: {},
        componentText: {},
      },
    },
  });
  const answers = { s: Object.fromEntries(keys.map((key) => [key, `${STORY}, and the ${key} too`])) };
  const sent = await request.post(`/api/1.0/callout/${slug}/responses`, { headers, data: { answers } });
  expect(sent.status(), await sent.text()).toBeLessThan(300);

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.addInitScript(
    ([calloutId, columns]) => localStorage.setItem(`cohort.inbox.columns.${calloutId}`, columns!),
    [id, JSON.stringify(keys.map((key) => `s.${key}`))],
  );
  await page.goto(`/auth/login?next=${encodeURIComponent(`/admin/callouts/view/${id}/responses`)}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  const table = page.getByRole("table", { name: "Responses" });
  const number = table.getByRole("link", { name: "Open response #1" });
  await expect(number).toBeVisible();

  // The page itself never scrolls sideways; the table does, inside its frame.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  const frame = table.locator("xpath=..");
  const { scrollWidth, clientWidth } = await frame.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
  }));
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  const before = (await number.boundingBox())!;
  await frame.evaluate((element) => element.scrollBy({ left: 600 }));
  await expect.poll(async () => (await number.boundingBox())!.x).toBe(before.x);
  await page.screenshot({ path: test.info().outputPath("responses-1280.png") });
});

test("a link fills in an answer, and answers collected on paper are imported into the inbox", async ({
  page,
  browser,
  request,
}) => {
  await asAdmin(request);
  const callout = await createCallout(request, `Paper answers ${Date.now()}`);
  await request.post("/api/1.0/auth/logout", { headers });

  // A reader follows a link that names their district; a value the form has no option for is left out.
  const reader = await browser.newContext({ baseURL: BASE_URL });
  const readerPage = await reader.newPage();
  await readerPage.goto(`/callouts/${callout.slug}/respond?district=South%20bank&answers.flood.story=`);
  await expect(readerPage.getByLabel(/Which district/)).toHaveValue("south");
  await readerPage.goto(`/callouts/${callout.slug}/respond?district=west`);
  await expect(readerPage.getByLabel(/Which district/)).toHaveValue("");
  await reader.close();

  // The admin imports two rows typed from paper: one is refused for its missing story.
  await page.goto(`/auth/login?next=${encodeURIComponent(`/admin/callouts/view/${callout.id}/responses`)}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("link", { name: "Import answers" }).click();
  await expect(page.getByRole("heading", { name: "Import answers" })).toBeVisible();
  const csv = [
    "What happened to you?,Which district?,Email",
    `"${STORY}, on paper",North bank,paper.${Date.now()}@example.org`,
    ",South bank,",
  ].join("\n");
  await page.locator('input[type="file"]').setInputFiles({
    name: "paper.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await expect(page.getByRole("combobox", { name: "Import column “Which district?” as" })).toHaveValue(
    "answers.flood.district",
  );
  await page.getByRole("button", { name: "Check" }).click();
  const preview = page.getByRole("table", { name: "The first rows of the file" });
  await expect(preview.getByRole("row").nth(1)).toContainText("Ready to import");
  await expect(preview.getByRole("row").nth(2)).toContainText("What happened to you?: This field is required");
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Import now" }).click();
  await expect(page.getByText("Imported responses: 1. Refused rows: 1.").first()).toBeVisible();

  await page.getByRole("link", { name: "Go to the responses" }).click();
  await openResponse(page, 1);
  await expect(page.getByText(`${STORY}, on paper`)).toBeVisible();
  await expect(page.getByText("Imported from a file")).toBeVisible();
});
