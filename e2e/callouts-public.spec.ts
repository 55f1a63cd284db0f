import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { createMember, logIn } from "./fixtures/accounts.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";
import { BASE_URL } from "./fixtures/server.js";

const nav = (submitText: string) => ({ prevText: "Back", nextText: "Next", submitText });

/** Two slides and a last one; "Hardly ever" skips the second. */
const walkForm = {
  slides: [
    {
      id: "you",
      title: "You",
      navigation: {},
      components: [
        {
          id: "a1",
          key: "name",
          type: "textfield",
          input: true,
          label: "What should we call you?",
          validate: { required: true },
        },
        {
          id: "a2",
          key: "visits",
          type: "radio",
          input: true,
          label: "How often do you walk by the river?",
          values: [
            { label: "Every week", value: "weekly" },
            { label: "Hardly ever", value: "rarely", nextSlideId: "story" },
          ],
        },
      ],
    },
    {
      id: "walks",
      title: "Walks",
      navigation: {},
      components: [
        { id: "b1", key: "dog", type: "checkbox", input: true, label: "I walk with a dog" },
        {
          id: "b2",
          key: "breed",
          type: "textfield",
          input: true,
          label: "Which breed?",
          conditional: { show: true, when: "dog", eq: "true" },
        },
      ],
    },
    {
      id: "story",
      title: "Story",
      navigation: {},
      components: [
        {
          id: "c1",
          key: "story",
          type: "textarea",
          input: true,
          label: "What has changed?",
          validate: { required: true },
        },
        { id: "c2", key: "photo", type: "file", input: true, label: "A photo, if you have one" },
      ],
    },
  ],
};

/** Creates an open callout as the admin and answers its slug; the request context is left logged out. */
async function createCallout(request: APIRequestContext, settings: Record<string, unknown>): Promise<string> {
  const slug = `river-${Date.now()}`;
  await createCalloutAsAdmin(request, {
    slug,
    formSchema: walkForm,
    variants: {
      default: {
        title: "Tell us about your river walks",
        excerpt: "How the river paths are changing.",
        intro: "<p>We want to hear from the people who walk them.</p>",
        thanksTitle: "Thank you for walking with us",
        thanksText: "<p>We read every response.</p>",
        slideNavigation: { you: nav("Send"), walks: nav("Send"), story: nav("Send my story") },
        componentText: {},
      },
    },
    ...settings,
  });
  return slug;
}

async function answerFirstSlide(page: Page, visits: "Every week" | "Hardly ever") {
  await page.getByLabel(/What should we call you/).fill("Sam");
  await page.getByLabel(visits).check();
  await page.getByRole("button", { name: "Next" }).click();
}

test("a visitor answers a callout slide by slide, with a photo, their details and the spam check", async ({
  page,
  request,
}) => {
  const slug = await createCallout(request, {
    captcha: "all",
    newsletterSchema: {
      title: "The river newsletter",
      text: "One email a week.",
      optIn: "Yes, send me the newsletter",
      groups: [{ id: "weekly", label: "Weekly digest", checked: true }],
    },
  });
  await page.goto(`/callouts/${slug}`);
  await expect(page.getByRole("heading", { name: "Tell us about your river walks" })).toBeVisible();
  await page.getByRole("link", { name: "Answer this callout" }).click();

  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByText("This field is required")).toBeVisible();
  await answerFirstSlide(page, "Every week");

  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await expect(page.getByLabel("Which breed?")).toHaveCount(0);
  await page.getByLabel("I walk with a dog").check();
  await page.getByLabel("Which breed?").fill("Spaniel");
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByLabel(/What has changed/).fill("The old mill path is closed in winter.");
  await page.getByLabel("A photo, if you have one").setInputFiles({
    name: "mill.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await expect(page.getByRole("link", { name: "mill.png" })).toBeVisible();
  await page.getByLabel("Yes, send me the newsletter").check();
  await page.getByRole("button", { name: "Send my story" }).click();
  await expect(page.getByText("This field is required")).toHaveCount(3);

  await page.getByLabel("First name", { exact: true }).fill("Sam");
  await page.getByLabel("Last name", { exact: true }).fill("Walker");
  const email = `sam.${Date.now()}@example.org`;
  await page.getByLabel("Email", { exact: true }).fill(email);
  await expect(page.getByText("Check done: nothing for you to do.")).toBeVisible();
  await page.getByRole("button", { name: "Send my story" }).click();

  await expect(page.getByRole("heading", { name: "Thank you for walking with us" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/callouts/${slug}/thanks$`));
  // The server has emailed the guest a link that confirms their address.
  await expect(page.getByText(`open the link we have sent to ${email}`)).toBeVisible();
});

test("a visitor's answers come back after a reload, and are gone once sent", async ({ page, request }) => {
  const slug = await createCallout(request, { access: "anonymous" });
  await page.goto(`/callouts/${slug}/respond`);
  await answerFirstSlide(page, "Hardly ever");
  await page.getByLabel(/What has changed/).fill("The old mill path is closed in winter.");

  await page.reload();
  await expect(page.getByText("We kept the answers you had already given.")).toBeVisible();
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  await expect(page.getByLabel(/What has changed/)).toHaveValue("The old mill path is closed in winter.");
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByLabel(/What should we call you/)).toHaveValue("Sam");
  await page.getByRole("button", { name: "Next" }).click();
  await page.getByRole("button", { name: "Send my story" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for walking with us" })).toBeVisible();

  await page.goto(`/callouts/${slug}/respond`);
  await page.reload();
  await expect(page.getByText("Step 1 of 3")).toBeVisible();
  await expect(page.getByLabel(/What should we call you/)).toHaveValue("");
  await expect(page.getByText("We kept the answers you had already given.")).toHaveCount(0);
});

test("a member answers a members-only callout, then updates the response", async ({ page, request }) => {
  const member = await createMember(request, "walker");
  const slug = await createCallout(request, { access: "member", allowUpdate: true });

  await page.goto(`/callouts/${slug}`);
  await page.getByRole("link", { name: "Log in to answer" }).click();
  await logIn(page, member.email, member.password);
  await expect(page).toHaveURL(new RegExp(`/callouts/${slug}/respond$`));

  await answerFirstSlide(page, "Hardly ever");
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  await page.getByLabel(/What has changed/).fill("More cyclists.");
  await page.getByRole("button", { name: "Send my story" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for walking with us" })).toBeVisible();

  await page.goto(`/callouts/${slug}`);
  await page.getByRole("link", { name: "Update your response" }).click();
  await expect(page.getByLabel(/What should we call you/)).toHaveValue("Sam");
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel(/What has changed/)).toHaveValue("More cyclists.");
  await page.getByLabel(/What has changed/).fill("More cyclists, and new fences.");
  await page.getByRole("button", { name: "Send my story" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for walking with us" })).toBeVisible();
});

test("a callout embedded in another site's page fits its frame", async ({ page }) => {
  const slug = await createCallout(page.request, {});
  // The newsroom's article, served from another origin on this machine.
  const article = `<!doctype html><h1>Article</h1><script src="${BASE_URL}/embed.js" data-url="callouts/${slug}/respond"></script><p>After the frame</p>`;
  const newsroom = createServer((_request, response) =>
    response.writeHead(200, { "Content-Type": "text/html" }).end(article),
  );
  await new Promise<void>((resolve) => newsroom.listen(0, "127.0.0.1", resolve));
  try {
    const { port } = newsroom.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    const frame = page.frameLocator("iframe");
    await expect(frame.getByText("Step 1 of 3")).toBeVisible();
    await expect(frame.getByRole("link", { name: "Log in" })).toHaveCount(0);

    const frameHeight = () => page.locator("iframe").evaluate((element) => element.getBoundingClientRect().height);
    const bodyHeight = () => frame.locator("body").evaluate((body) => Math.ceil(body.getBoundingClientRect().height));
    await expect.poll(async () => (await frameHeight()) === (await bodyHeight())).toBe(true);
  } finally {
    await new Promise((resolve) => newsroom.close(resolve));
  }
});
