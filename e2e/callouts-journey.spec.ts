import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { FrameLocator, Page } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { calloutSchema } from "@cohort/common/callouts";
import { ADMIN, logIn } from "./fixtures/accounts.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

async function addQuestion(page: Page, type: string, question: string) {
  await page.getByRole("button", { name: `${type} (add)`, exact: true }).click();
  await page.getByLabel("Question").fill(question);
}

/** Answers the two slides as a visitor who leaves their details; the first Next shows the required error. */
async function answer(scope: Page | FrameLocator, name: string) {
  await scope.getByRole("button", { name: "Next" }).click();
  await expect(scope.getByText("This field is required")).toBeVisible();
  await scope.getByLabel(/Your name/).fill(name);
  await scope.getByLabel(/How do you get to work/).selectOption({ label: "Bike" });
  await scope.getByRole("button", { name: "Next" }).click();
  await scope.getByLabel(/How many minutes/).fill("25");
  await scope
    .getByLabel(/A photo of your route/)
    .setInputFiles({ name: "route.png", mimeType: "image/png", buffer: PNG });
  await expect(scope.getByRole("link", { name: "route.png" })).toBeVisible();
  await scope.getByLabel("First name", { exact: true }).fill(name);
  await scope.getByLabel("Last name", { exact: true }).fill("Commuter");
  await scope.getByLabel("Email", { exact: true }).fill(`${name.toLowerCase()}.${Date.now()}@example.org`);
  await scope.getByRole("button", { name: "Send" }).click();
  await expect(scope.getByRole("heading", { name: "Thanks for telling us" })).toBeVisible();
}

test("a callout is built, published, answered directly and embedded, replicated and ended", async ({
  page,
  browser,
}) => {
  const title = `Your commute ${Date.now()}`;
  await page.goto("/auth/login?next=%2Fadmin%2Fcallouts%2Fnew");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { name: "New callout" })).toBeVisible();

  // Two slides: a required text and a dropdown, then a number and a file.
  await addQuestion(page, "Short text", "Your name");
  await page.getByLabel("An answer is required").check();
  await addQuestion(page, "Dropdown", "How do you get to work?");
  await page.getByLabel("Label of option 1").fill("Bike");
  await page.getByLabel("Label of option 2").fill("Bus");
  await page.getByRole("button", { name: "Add slide" }).click();
  await addQuestion(page, "Number", "How many minutes does it take?");
  await addQuestion(page, "File upload", "A photo of your route");

  await page.getByRole("tab", { name: "Title and image" }).click();
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Short description").fill("Tell us how you travel.");
  await page.getByRole("tab", { name: "Settings" }).click();
  await page.getByRole("radio", { name: "Everyone", exact: true }).check();
  await page.getByLabel("Must give their name and email").check();
  await page.getByRole("tab", { name: "Content" }).click();
  await page.getByLabel("Thank-you heading").fill("Thanks for telling us");

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page).toHaveURL(/\/admin\/callouts\/view\/[0-9a-f-]{36}$/);
  const id = /view\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  const published = calloutSchema.parse(
    await (await page.request.get(`/api/1.0/callout/${id}?with=form`, { headers })).json(),
  );
  expect(published).toMatchObject({ status: "open", access: "guest", title });
  expect(published.formSchema?.slides).toHaveLength(2);

  // A visitor in a fresh browser answers it, seeing the required error first.
  const visitor = await browser.newContext({ baseURL: BASE_URL });
  const visitorPage = await visitor.newPage();
  await visitorPage.goto(`/callouts/${published.slug}`);
  await visitorPage.getByRole("link", { name: "Answer this callout" }).click();
  await answer(visitorPage, "Robin");
  await visitor.close();

  // A reader answers it inside a newsroom's article on another origin.
  const article = `<!doctype html><title>Article</title><h1>Our commuting story</h1><script src="${BASE_URL}/embed.js" data-url="callouts/${published.slug}/respond"></script>`;
  const newsroom = createServer((_request, response) =>
    response.writeHead(200, { "Content-Type": "text/html" }).end(article),
  );
  await new Promise<void>((resolve) => newsroom.listen(0, "127.0.0.1", resolve));
  const reader = await browser.newContext();
  try {
    const readerPage = await reader.newPage();
    await readerPage.goto(`http://127.0.0.1:${(newsroom.address() as AddressInfo).port}/`);
    await answer(readerPage.frameLocator("iframe"), "Kim");
  } finally {
    await reader.close();
    await new Promise((resolve) => newsroom.close(resolve));
  }

  // The admin sees both responses counted.
  await page.reload();
  await expect(page.getByRole("definition").filter({ hasText: /^2$/ })).toBeVisible();

  await page.getByRole("button", { name: "Replicate" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Make a copy" }).click();
  await expect(page).toHaveURL(/\/admin\/callouts\/edit\/[0-9a-f-]{36}\?replicated$/);
  await expect(page.getByText("This is a copy")).toBeVisible();

  await page.goto(`/admin/callouts/view/${id}`);
  await page.getByRole("button", { name: "End now" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "End now" }).click();
  await expect(page.getByText(`“${title}” has ended.`)).toBeVisible();

  const late = await browser.newContext({ baseURL: BASE_URL });
  const latePage = await late.newPage();
  await latePage.goto(`/callouts/${published.slug}`);
  await expect(latePage.getByText(/This callout (has ended|ended on)/)).toBeVisible();
  await expect(latePage.getByRole("link", { name: "Answer this callout" })).toHaveCount(0);
  await late.close();
});
