import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { ADMIN, logIn } from "./fixtures/accounts.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

const form = {
  slides: [
    {
      id: "s1",
      title: "Questions",
      navigation: {},
      components: [
        {
          id: "q1",
          key: "mood",
          type: "radio",
          input: true,
          label: "How do you feel about the new bridge?",
          values: [
            { label: "Glad", value: "glad" },
            { label: "Worried", value: "worried" },
          ],
        },
        { id: "q2", key: "trips", type: "number", input: true, label: "Crossings a week" },
        { id: "q3", key: "story", type: "textarea", input: true, label: "Anything else?" },
      ],
    },
    {
      id: "s2",
      title: "Where you live",
      navigation: {},
      components: [{ id: "q4", key: "district", type: "textfield", input: true, label: "Your district" }],
    },
  ],
};

const answers = [
  { mood: "glad", trips: 4, story: "The bridge saves time every morning" },
  { mood: "worried", trips: 10, story: "Traffic noise near the bridge at night" },
  { mood: "glad", trips: 6, story: "Traffic noise is fine, the bridge is lovely" },
];

/** An open anonymous callout with three answers, made through the API as the admin. */
async function seedCallout(request: APIRequestContext): Promise<{ id: string; slug: string }> {
  const login = await request.post("/api/1.0/auth/login", {
    headers,
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status()).toBe(204);
  const slug = `bridge-${Date.now()}`;
  const created = await request.post("/api/1.0/callout", {
    headers,
    data: {
      slug,
      image: "",
      allowUpdate: false,
      allowMultiple: true,
      hidden: false,
      access: "only-anonymous",
      captcha: "none",
      starts: new Date(Date.now() - 60_000).toISOString(),
      formSchema: form,
      variants: {
        default: {
          title: "The new bridge",
          excerpt: "Tell us about the bridge.",
          intro: "<p>How is the bridge for you?</p>",
          thanksTitle: "Thank you",
          thanksText: "<p>Thank you.</p>",
          slideNavigation: {},
          componentText: {},
        },
      },
    },
  });
  expect(created.status()).toBe(200);
  const { id } = (await created.json()) as { id: string };
  for (const answer of answers) {
    const sent = await request.post(`/api/1.0/callout/${id}/responses`, { headers, data: { answers: { s1: answer } } });
    expect(sent.status(), await sent.text()).toBe(200);
  }
  await request.post("/api/1.0/auth/logout", { headers });
  return { id, slug };
}

test("an editor reads the summary of a callout's answers, filters it and saves a chart", async ({ page, request }) => {
  const { id } = await seedCallout(request);
  await page.goto(`/auth/login?next=${encodeURIComponent(`/admin/callouts/view/${id}/responses`)}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.getByRole("link", { name: "Summary" }).click();
  await expect(page).toHaveURL(/view=summary/);
  await expect(page.getByText("Responses summarised: 3")).toBeVisible();
  const mood = page.getByRole("region", { name: "How do you feel about the new bridge?" });
  await expect(mood.getByRole("row", { name: "Glad 2 · 66.7%" })).toBeAttached();
  const story = page.getByRole("region", { name: "Anything else?" });
  await expect(story.getByRole("listitem").filter({ hasText: /^traffic noise/ })).toHaveText("traffic noise 2");

  // The table's filter narrows the summary too.
  await page.getByRole("button", { name: /^Filter/ }).click();
  await page.getByRole("button", { name: "Add rule" }).click();
  await page.getByRole("combobox", { name: "Field" }).selectOption({ label: "How do you feel about the new bridge?" });
  await page
    .getByRole("combobox", { name: "Value for How do you feel about the new bridge?" })
    .selectOption({ label: "Worried" });
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Responses summarised: 1")).toBeVisible();
  await expect(mood.getByRole("row", { name: "Worried 1 · 100%" })).toBeAttached();

  const download = page.waitForEvent("download");
  await mood.getByRole("button", { name: /as a PNG image/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^summary-bridge-\d+-s1-mood\.png$/);
  const bytes = await (await file.createReadStream()).toArray();
  // A PNG file starts with its signature.
  expect(Buffer.concat(bytes).subarray(1, 4).toString()).toBe("PNG");
});

test("a reader who stops part-way shows in the funnel above the summary", async ({ page, request }) => {
  const { id, slug } = await seedCallout(request);
  // A visitor answers the first slide, goes on to the second and leaves.
  await page.goto(`/callouts/${slug}/respond`);
  await page.getByRole("radio", { name: "Worried" }).check();
  const reached = page.waitForResponse(
    (response) =>
      response.url().endsWith("/responses/funnel") && response.request().postData()?.includes("s2") === true,
  );
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByLabel("Your district")).toBeVisible();
  expect((await reached).status()).toBe(204);

  await page.goto(`/auth/login?next=${encodeURIComponent(`/admin/callouts/view/${id}/responses?view=summary`)}`);
  await logIn(page, ADMIN.email, ADMIN.password);
  const funnel = page.getByRole("region", { name: "How far readers got" });
  await expect(funnel.getByRole("row", { name: "Opened the form 1" })).toBeVisible();
  await expect(funnel.getByRole("row", { name: "Started answering 1 100% 100%" })).toBeVisible();
  await expect(funnel.getByRole("row", { name: "Reached “Where you live” 1 100% 100%" })).toBeVisible();
  // The three answers sent through the API count as sent too: the server counts every response it saves.
  // More than the visits counted is no share of them: none is shown, and a line says why.
  await expect(funnel.getByRole("row", { name: "Sent a response 3 — —" })).toBeVisible();
  await expect(funnel.getByText(/counted more than the one it is compared with/)).toBeVisible();
  await expect(funnel.getByText(/only its dates apply/)).toBeVisible();
});
