import type { APIRequestContext, Page } from "@playwright/test";
import { expect, test } from "./fixtures/audit.js";
import { ADMIN, logIn } from "./fixtures/accounts.js";
import { confirmLinkFromOutbox } from "./fixtures/outbox.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

const joinChanges = {
  periods: [{ name: "monthly", presetAmounts: [7, 14, 21] }],
  initialAmount: 14,
  initialPeriod: "monthly",
  minMonthlyAmount: 3,
  showAbsorbFee: false,
};
const setupFields = ["showMailOptIn", "surveySlug", "surveyRequired", "surveyText"] as const;

/** Pictures of a page at phone and desktop widths, when SCREENSHOT_DIR names a folder for them. */
async function snap(page: Page, name: string) {
  const folder = process.env.SCREENSHOT_DIR;
  if (!folder) return;
  for (const [label, width, height] of [
    ["phone", 390, 844],
    ["desktop", 1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${folder}/${name}-${label}.png`, fullPage: true });
  }
}

async function adminLogIn(request: APIRequestContext) {
  const login = await request.post("/api/1.0/auth/login", {
    headers,
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status()).toBe(204);
}

test("a new member sees the configured join form, gives a delivery address and answers the join survey", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const slug = `welcome-survey-${stamp}`;
  const email = `surveyed.${stamp}@example.org`;

  await adminLogIn(request);
  const created = await request.post("/api/1.0/callout", {
    headers,
    data: {
      slug,
      image: "",
      allowUpdate: false,
      allowMultiple: false,
      hidden: true,
      access: "member",
      captcha: "none",
      starts: new Date(Date.now() - 60_000).toISOString(),
      formSchema: {
        slides: [
          {
            id: "why",
            title: "Why",
            navigation: {},
            components: [
              {
                id: "q1",
                key: "reason",
                type: "textfield",
                input: true,
                label: "What made you join?",
                validate: { required: true },
              },
            ],
          },
        ],
      },
      variants: {
        default: {
          title: "Welcome aboard",
          excerpt: "One question for new members.",
          intro: "",
          thanksTitle: "",
          thanksText: "",
          slideNavigation: { why: { prevText: "Back", nextText: "Next", submitText: "Send my answer" } },
          componentText: {},
        },
      },
    },
  });
  expect(created.status()).toBe(200);
  const calloutId = ((await created.json()) as { id: string }).id;

  // The settings are put back afterwards: the other join journey relies on the defaults.
  const joinBefore = (await (await request.get("/api/1.0/content/join")).json()) as Record<string, unknown>;
  const setupBefore = (await (await request.get("/api/1.0/content/join/setup")).json()) as Record<string, unknown>;
  const joinRestore = Object.fromEntries(Object.keys(joinChanges).map((key) => [key, joinBefore[key]]));
  const setupRestore = Object.fromEntries(setupFields.map((key) => [key, setupBefore[key]]));
  const patched = await request.patch("/api/1.0/content/join", { headers, data: joinChanges });
  expect(patched.status()).toBe(200);
  const setupPatched = await request.patch("/api/1.0/content/join/setup", {
    headers,
    data: { showMailOptIn: true, surveySlug: slug, surveyRequired: false, surveyText: "" },
  });
  expect(setupPatched.status()).toBe(200);

  try {
    const visitor = await browser.newContext({ baseURL: BASE_URL });
    const page = await visitor.newPage();
    await page.goto("/join");
    const amounts = page.getByRole("group", { name: "Amount" });
    await expect(amounts.getByRole("button", { name: /14/ })).toHaveAttribute("aria-pressed", "true");
    await expect(amounts.getByRole("button")).toHaveText([/7\.00/, /14\.00/, /21\.00/]);
    await expect(page.getByRole("radio", { name: "Annually" })).toHaveCount(0);
    await expect(page.getByText(/At least .*3\.00/)).toBeVisible();
    await expect(page.getByLabel(/I'll pay the processing fee/)).toHaveCount(0);
    await snap(page, "join");

    await amounts.getByRole("button", { name: /21/ }).click();
    await page.getByLabel("Direct debit (GoCardless)").check();
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Join" }).click();
    await expect(page.getByText(/Test mode/)).toBeVisible();
    await page.getByRole("button", { name: "Pay successfully" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    await page.goto(await confirmLinkFromOutbox(request, email));
    await expect(page.getByRole("heading", { name: "Set up your account" })).toBeVisible();
    await page.getByLabel("First name").fill("Sasha");
    await page.getByLabel("Last name").fill(`Surveyed${stamp % 100_000}`);
    await page.getByLabel("New password").fill("Joining-pass1");
    await page.getByLabel("Confirm password").fill("Joining-pass1");
    await page.getByLabel("Send me the printed edition").check();
    await page.getByLabel("Address", { exact: true }).fill("1 Quay Street");
    await page.getByLabel("Town or city").fill("Riverside");
    await page.getByLabel("Postcode").fill("RV1 2AB");
    await snap(page, "join-setup");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await expect(page).toHaveURL(/\/join\/survey$/);
    await expect(page.getByRole("heading", { name: "Welcome aboard" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Skip", exact: true })).toBeVisible();
    await page.getByLabel(/What made you join/).fill("Local news matters to me");
    await snap(page, "join-survey");
    await page.getByRole("button", { name: "Send my answer" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("Thank you for your answers.")).toBeVisible();
    await visitor.close();

    // The delivery address is on the new member's profile.
    const rules = { condition: "AND", rules: [{ field: "email", operator: "equal", value: [email] }] };
    const found = await request.get(
      `/api/1.0/contact?with=profile&rules=${encodeURIComponent(JSON.stringify(rules))}`,
      { headers },
    );
    const [contact] = ((await found.json()) as { items: { profile?: Record<string, unknown> }[] }).items;
    expect(contact?.profile).toMatchObject({
      deliveryOptIn: true,
      deliveryAddress: { line1: "1 Quay Street", line2: "", city: "Riverside", postcode: "RV1 2AB" },
    });

    // The admin sees the response counted.
    const admin = await browser.newContext({ baseURL: BASE_URL });
    const adminPage = await admin.newPage();
    await adminPage.goto(`/auth/login?next=${encodeURIComponent(`/admin/callouts/view/${calloutId}`)}`);
    await logIn(adminPage, ADMIN.email, ADMIN.password);
    await expect(adminPage.getByRole("definition").filter({ hasText: /^1$/ })).toBeVisible();
    await admin.close();
  } finally {
    await adminLogIn(request);
    expect((await request.patch("/api/1.0/content/join", { headers, data: joinRestore })).status()).toBe(200);
    expect((await request.patch("/api/1.0/content/join/setup", { headers, data: setupRestore })).status()).toBe(200);
  }
});
