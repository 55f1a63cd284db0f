import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { expect, expectAccessible, test } from "./fixtures/audit.js";
import { ADMIN, asAdmin, createMember } from "./fixtures/accounts.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";
import { confirmLinkFromOutbox } from "./fixtures/outbox.js";

/*
 * Every journey here is made with the keyboard alone: Tab and Shift+Tab to
 * move, Enter and Space to act, arrow keys inside groups, typing to write.
 * Locators only read the page; nothing is clicked or filled.
 */

const headers = { "X-Requested-With": "XMLHttpRequest" };

/** Most presses of one key allowed to reach a control: more means it is out of reach. */
const MOST_PRESSES = 120;

/** Whether the control (or one of the controls) the locator finds has focus. */
async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((elements) => elements.some((element) => element === document.activeElement));
}

/** The focused control shows it: an outline or ring on it or on the box drawn around it. */
async function expectFocusVisible(target: Locator): Promise<void> {
  // Asked again until it holds: a ring drawn with a transition starts from none.
  const shown = () =>
    target.evaluate((element) => {
      if (!element.matches(":focus-visible")) return false;
      for (let box: Element | null = element, depth = 0; box && depth < 3; box = box.parentElement, depth++) {
        const style = getComputedStyle(box);
        const outlined = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0;
        if (outlined || style.boxShadow !== "none") return true;
      }
      return false;
    });
  await expect.poll(shown, { message: `focus is visible on ${target.toString()}` }).toBe(true);
}

/** Presses Tab (or Shift+Tab) until the control has focus, then checks that the focus can be seen. */
async function tabTo(page: Page, target: Locator, key: "Tab" | "Shift+Tab" = "Tab"): Promise<void> {
  await expect(target.first()).toBeAttached();
  for (let presses = 0; presses <= MOST_PRESSES; presses++) {
    if (await hasFocus(target)) {
      await expectFocusVisible(page.locator(":focus"));
      return;
    }
    await page.keyboard.press(key);
  }
  throw new Error(`${target.toString()} was not reached with ${MOST_PRESSES} presses of ${key}`);
}

/** Replaces what a text box holds by typing. */
async function typeInto(page: Page, target: Locator, text: string): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.type(text);
}

async function press(page: Page, target: Locator, key = "Enter"): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Tabs into a radio group (one stop for the whole group) and moves with the arrow keys to the option. */
async function chooseRadio(page: Page, option: Locator): Promise<void> {
  const name = await option.getAttribute("name");
  await tabTo(page, page.locator(`input[type="radio"][name="${name}"]`));
  for (let presses = 0; presses < 12 && !(await option.isChecked()); presses++) await page.keyboard.press("ArrowDown");
  await expect(option).toBeChecked();
  await expectFocusVisible(option);
}

/** Moves through a closed list box's options with the arrow keys until the one named is chosen. */
async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await tabTo(page, select);
  const chosen = () => select.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.label ?? "");
  for (let presses = 0; presses < 40 && (await chosen()) !== label; presses++) await page.keyboard.press("ArrowDown");
  expect(await chosen()).toBe(label);
}

/** Tabs into a tab list (one stop: the selected tab), moves to the tab with the arrow keys and opens it. */
async function chooseTab(page: Page, tab: Locator): Promise<void> {
  await tabTo(page, page.getByRole("tab", { selected: true }));
  for (let presses = 0; presses < 12 && !(await hasFocus(tab)); presses++) await page.keyboard.press("ArrowRight");
  await expectFocusVisible(tab);
  if ((await tab.getAttribute("aria-selected")) !== "true") await page.keyboard.press("Enter");
  await expect(tab).toHaveAttribute("aria-selected", "true");
}

/** The log-in form, with the keyboard. */
async function logInByKeyboard(page: Page, email: string, password: string): Promise<void> {
  await typeInto(page, page.getByLabel("Email"), email);
  await typeInto(page, page.getByLabel("Password", { exact: true }), password);
  await press(page, page.getByRole("button", { name: "Log in" }));
}

test("a visitor joins with a contribution, pays in the test checkout and sets up the account by keyboard", async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const email = `keyboard.joiner.${Date.now()}@example.org`;
  const visitor = await browser.newContext();
  const page = await visitor.newPage();

  await page.goto("/join");
  await typeInto(page, page.getByLabel("Other amount"), "9");
  await press(page, page.getByLabel(/I'll pay the processing fee/), "Space");
  await expect(page.getByLabel(/I'll pay the processing fee/)).toBeChecked();
  await chooseRadio(page, page.getByLabel("Direct debit (GoCardless)"));
  await typeInto(page, page.getByLabel("Email"), email);
  await press(page, page.getByRole("button", { name: "Join" }));

  // The built-in test provider's checkout stands in for the payment provider's pages.
  await expect(page.getByText(/Test mode/)).toBeVisible();
  await page.keyboard.press("Tab");
  await press(page, page.getByRole("button", { name: "Pay successfully" }));
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The link in the email, opened as a mail program would.
  const link = await asAdmin(request, () => confirmLinkFromOutbox(request, email));
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set up your account" })).toBeVisible();
  await page.keyboard.press("Tab");
  await typeInto(page, page.getByLabel("First name"), "Kay");
  await typeInto(page, page.getByLabel("Last name"), "Board");
  await typeInto(page, page.getByLabel("New password"), "Keyboard-pass1");
  await typeInto(page, page.getByLabel("Confirm password"), "Keyboard-pass1");
  await press(page, page.getByRole("button", { name: "Save and continue" }));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Kay");
  await visitor.close();
});

test("a member logs in with two-step verification by keyboard", async ({ page, request }) => {
  const member = await createMember(request, "keyboard.2fa");
  // The member's app is set up beforehand, through the API; logging in is the journey.
  const secret = new Secret({ size: 20 }).base32;
  const totp = new TOTP({ secret, algorithm: "SHA1", digits: 6, period: 30 });
  const codeFor = (stepsAhead: number) => totp.generate({ timestamp: Date.now() + stepsAhead * 30_000 });
  await request.post("/api/1.0/auth/login", { headers, data: { email: member.email, password: member.password } });
  const enabled = await request.post("/api/1.0/contact/me/mfa", {
    headers,
    data: { type: "totp", secret, token: codeFor(0) },
  });
  expect(enabled.status()).toBe(201);
  await request.post("/api/1.0/auth/logout", { headers });

  await page.goto("/auth/login");
  await page.keyboard.press("Tab");
  await logInByKeyboard(page, member.email, member.password);
  const code = page.getByLabel("Verification code");
  await expect(code).toBeVisible();
  // The code that was used to turn it on cannot be used again: the app's next one.
  await typeInto(page, code, codeFor(1));
  await press(page, page.getByRole("button", { name: "Verify" }));
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText(member.firstname);
});

/** The options of a choice question, from their values to their labels. */
const choices = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ label, value }));

/** One question of every kind the form shows, over three slides. */
const everyKindForm = {
  slides: [
    {
      id: "words",
      title: "In your words",
      navigation: {},
      components: [
        { id: "k0", key: "intro", type: "content", html: "<p>Three short steps.</p>" },
        { id: "k1", key: "name", type: "textfield", input: true, label: "Your name", validate: { required: true } },
        { id: "k2", key: "story", type: "textarea", input: true, label: "What happened?" },
        { id: "k3", key: "people", type: "number", input: true, label: "How many people were there?" },
        { id: "k4", key: "cost", type: "currency", input: true, label: "What did it cost?", currency: "GBP" },
        { id: "k5", key: "email", type: "email", input: true, label: "Your email" },
        { id: "k6", key: "link", type: "url", input: true, label: "A link about it" },
        { id: "k7", key: "phone", type: "phoneNumber", input: true, label: "Your phone" },
      ],
    },
    {
      id: "choices",
      title: "Choices",
      navigation: {},
      components: [
        {
          id: "k8",
          key: "borough",
          type: "select",
          input: true,
          label: "Which borough?",
          data: { values: choices({ camden: "Camden", hackney: "Hackney", lambeth: "Lambeth" }) },
        },
        {
          id: "k9",
          key: "often",
          type: "radio",
          input: true,
          label: "How often?",
          values: choices({ daily: "Daily", weekly: "Weekly", rarely: "Rarely" }),
        },
        {
          id: "k10",
          key: "ways",
          type: "selectboxes",
          input: true,
          label: "How do you get there?",
          values: choices({ foot: "On foot", bike: "By bike", bus: "By bus" }),
        },
        { id: "k11", key: "consent", type: "checkbox", input: true, label: "You may quote me" },
      ],
    },
    {
      id: "details",
      title: "Details",
      navigation: {},
      components: [
        {
          id: "k12",
          key: "day",
          type: "datetime",
          input: true,
          label: "On which day?",
          enableTime: false,
          widget: { enableTime: false },
        },
        { id: "k13", key: "hour", type: "time", input: true, label: "At what time?" },
        { id: "k14", key: "place", type: "address", input: true, label: "Where?" },
        { id: "k15", key: "photo", type: "file", input: true, label: "A photo" },
        {
          id: "k16",
          key: "signed",
          type: "signature",
          input: true,
          label: "Your signature",
          validate: { required: true },
        },
      ],
    },
  ],
};

const nav = { prevText: "Back", nextText: "Next", submitText: "Send" };

/** Creates an open callout for guests, as the admin; answers its id and slug. */
async function createEveryKindCallout(request: APIRequestContext): Promise<{ id: string; slug: string }> {
  const slug = `keyboard-${Date.now()}`;
  const { id } = await createCalloutAsAdmin(request, {
    slug,
    formSchema: everyKindForm,
    variants: {
      default: {
        title: "Your street, by keyboard",
        excerpt: "Every kind of question.",
        intro: "<p>Answer with any keyboard.</p>",
        thanksTitle: "Thanks for your answers",
        thanksText: "<p>We read every response.</p>",
        slideNavigation: { words: nav, choices: nav, details: nav },
        componentText: {},
      },
    },
  });
  return { id, slug };
}

test("a visitor answers a callout with every kind of question, a file and a signature, by keyboard", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const callout = await createEveryKindCallout(request);
  await page.goto(`/callouts/${callout.slug}`);
  await expect(page.getByRole("heading", { name: "Your street, by keyboard" })).toBeVisible();
  await page.keyboard.press("Tab");
  await press(page, page.getByRole("link", { name: "Answer this callout" }));

  // Slide 1: text of every kind.
  await expect(page.getByText("Three short steps.")).toBeVisible();
  await page.keyboard.press("Tab");
  await typeInto(page, page.getByLabel(/Your name/), "Kay Board");
  await typeInto(page, page.getByLabel("What happened?"), "The crossing lights stopped.\nNobody came for a week.");
  await typeInto(page, page.getByLabel("How many people were there?"), "12");
  await typeInto(page, page.getByLabel("What did it cost?"), "4.50");
  await typeInto(page, page.getByLabel("Your email"), "kay.board@example.org");
  await typeInto(page, page.getByLabel("A link about it"), "https://example.org/crossing");
  await typeInto(page, page.getByLabel("Your phone"), "+44 20 7946 0000");
  await press(page, page.getByRole("button", { name: "Next" }));

  // Slide 2: choices; then back to the first slide and forward again, the answers kept.
  await expect(page.getByText("Step 2 of 3")).toBeVisible();
  await page.keyboard.press("Tab");
  await chooseOption(page, page.getByLabel("Which borough?"), "Hackney");
  await chooseRadio(page, page.getByLabel("Weekly"));
  await press(page, page.getByLabel("On foot"), "Space");
  await press(page, page.getByLabel("By bus"), "Space");
  await press(page, page.getByLabel("You may quote me"), "Space");
  await press(page, page.getByRole("button", { name: "Back" }));
  await expect(page.getByLabel(/Your name/)).toHaveValue("Kay Board");
  await page.keyboard.press("Tab");
  await press(page, page.getByRole("button", { name: "Next" }));
  await expect(page.getByLabel("Weekly")).toBeChecked();
  await page.keyboard.press("Tab");
  await press(page, page.getByRole("button", { name: "Next" }));

  // Slide 3: a date and a time typed into the browser's own fields, an address, a file and a signature.
  await expect(page.getByText("Step 3 of 3")).toBeVisible();
  await page.keyboard.press("Tab");
  await tabTo(page, page.getByLabel("On which day?"));
  await page.keyboard.type("03142026");
  await expect(page.getByLabel("On which day?")).toHaveValue("2026-03-14");
  await tabTo(page, page.getByLabel("At what time?"));
  await page.keyboard.type("0930AM");
  await expect(page.getByLabel("At what time?")).toHaveValue("09:30");
  await typeInto(page, page.getByLabel("Where?"), "1 High Street\nLondon");
  await tabTo(page, page.getByLabel("A photo"));
  // The keyboard opens the file picker; choosing in the system's own picker is the one
  // step no page can drive, so the file is handed to the picker Playwright intercepts.
  const picker = page.waitForEvent("filechooser");
  await page.keyboard.press("Space");
  await (
    await picker
  ).setFiles({
    name: "crossing.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  await expect(page.getByRole("link", { name: "crossing.png" })).toBeVisible();
  await typeInto(page, page.getByLabel("Or type your name to sign"), "Kay Board");
  // The last slide is checked here as filled in: the page check afterwards sees the first one only.
  await expectAccessible(page);
  await press(page, page.getByRole("button", { name: "Send" }));
  await expect(page.getByRole("heading", { name: "Thanks for your answers" })).toBeVisible();

  // What was sent is what was typed.
  const list = await asAdmin(request, async () => {
    const answered = await request.get(`/api/1.0/callout/${callout.id}/responses?with=answers`, { headers });
    expect(answered.status()).toBe(200);
    return answered.json();
  });
  const { items } = list as { items: { answers: Record<string, Record<string, unknown>> }[] };
  expect(items).toHaveLength(1);
  expect(items[0]?.answers).toMatchObject({
    words: {
      name: "Kay Board",
      story: "The crossing lights stopped.\nNobody came for a week.",
      people: 12,
      cost: 4.5,
      email: "kay.board@example.org",
      link: "https://example.org/crossing",
      phone: "+44 20 7946 0000",
    },
    choices: { borough: "hackney", often: "weekly", ways: { foot: true, bike: false, bus: true }, consent: true },
    details: {
      day: "2026-03-14",
      hour: "09:30",
      place: { formatted_address: "1 High Street\nLondon" },
      photo: [expect.objectContaining({ name: "crossing.png" })],
      signed: expect.stringMatching(/^data:image\/png;base64,/),
    },
  });
});

test("an admin filters contacts with the filter builder by keyboard", async ({ page }) => {
  await page.goto("/auth/login?next=%2Fadmin%2Fcontacts");
  await page.keyboard.press("Tab");
  await logInByKeyboard(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/contacts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Contacts" })).toBeVisible();

  await page.keyboard.press("Tab");
  await press(page, page.getByRole("button", { name: "Filter", exact: true }));
  await press(page, page.getByRole("button", { name: "Add rule" }));
  await chooseOption(page, page.getByRole("combobox", { name: "Field" }), "Tags");
  await chooseOption(page, page.getByRole("combobox", { name: "Value for Tags" }), "Volunteer");
  await press(page, page.getByRole("button", { name: "Add rule" }));
  await chooseOption(page, page.getByRole("combobox", { name: "Field" }).nth(1), "Joined");
  await chooseOption(page, page.getByRole("combobox", { name: "Condition", exact: true }).nth(1), "is on or after");
  await chooseOption(page, page.getByRole("combobox", { name: "Value for Joined" }), "1 year ago");
  await press(page, page.getByRole("button", { name: "Apply" }));
  await expect(page).toHaveURL(/[?&]rules=/);
  const rules = JSON.parse(new URL(page.url()).searchParams.get("rules") ?? "{}") as unknown;
  expect(rules).toMatchObject({
    condition: "AND",
    rules: [
      { field: "tags", operator: "contains" },
      { field: "joined", operator: "greater_or_equal", value: ["$now(y:-1)"] },
    ],
  });
});

test("an admin builds a callout in the form builder by keyboard", async ({ page }) => {
  test.setTimeout(60_000);
  const title = `Bus stops ${Date.now()}`;
  await page.goto("/auth/login?next=%2Fadmin%2Fcallouts");
  await page.keyboard.press("Tab");
  await logInByKeyboard(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/callouts$/);
  await page.keyboard.press("Tab");
  await press(page, page.getByRole("link", { name: "Add callout" }).first());
  await expect(page.getByRole("heading", { name: "New callout" })).toBeVisible();

  await page.keyboard.press("Tab");
  await press(page, page.getByRole("button", { name: "Short text (add)" }));
  await typeInto(page, page.getByLabel("Question"), "Which stop?");
  await expect(page.getByLabel("Key")).toHaveValue("whichStop");
  await press(page, page.getByRole("button", { name: "Radio buttons (add)" }));
  await typeInto(page, page.getByLabel("Question"), "Is there a shelter?");
  await typeInto(page, page.getByLabel("Label of option 1"), "Yes");
  await typeInto(page, page.getByLabel("Label of option 2"), "No");
  // The outline's rows move with Alt and the arrow keys: the radio question goes first.
  const shelterRow = page.getByRole("button", { name: /Is there a shelter\?/, pressed: true });
  await tabTo(page, shelterRow, "Shift+Tab");
  await page.keyboard.press("Alt+ArrowUp");
  await expect(page.locator("[data-builder-row]").first()).toContainText("Is there a shelter?");
  await expect(page.locator("[data-builder-row]").first()).toBeFocused();

  await chooseTab(page, page.getByRole("tab", { name: /Title and image/ }));
  await typeInto(page, page.getByLabel("Title", { exact: true }), title);
  await typeInto(page, page.getByLabel("Short description"), "Tell us which stops need a shelter.");
  await press(page, page.getByRole("button", { name: "Save draft" }));
  await expect(page).toHaveURL(/\/admin\/callouts\/edit\/[0-9a-f-]{36}$/);
  const id = /\/edit\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? "";
  const saved = await page.request.get(`/api/1.0/callout/${id}?with=form`, { headers });
  const callout = (await saved.json()) as {
    title: string;
    formSchema: { slides: { components: { key: string; type: string }[] }[] };
  };
  expect(callout.title).toBe(title);
  expect(callout.formSchema.slides[0]?.components.map(({ key, type }) => ({ key, type }))).toEqual([
    { key: "isThereAShelter", type: "radio" },
    { key: "whichStop", type: "textfield" },
  ]);
});
