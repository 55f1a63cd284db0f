import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, PHONE_WIDTH, test } from "./fixtures/audit.js";
import { ADMIN, asAdmin, createMember, logIn } from "./fixtures/accounts.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";
import { confirmLinkFromOutbox } from "./fixtures/outbox.js";
import { contributeMonthly, newSession } from "./fixtures/payments.js";
import { BASE_URL } from "./fixtures/server.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

/** The confirmation link of the newest email to this address, read from the outbox as an admin. */
async function confirmLink(request: APIRequestContext, email: string): Promise<string> {
  const login = await request.post("/api/1.0/auth/login", {
    headers,
    data: { email: ADMIN.email, password: ADMIN.password },
  });
  expect(login.status()).toBe(204);
  const link = await confirmLinkFromOutbox(request, email);
  await request.post("/api/1.0/auth/logout", { headers });
  return link;
}

test("a visitor joins monthly paying the fee, confirms their email, sets a password, changes and cancels", async ({
  browser,
  request,
}) => {
  const stamp = Date.now();
  const email = `joiner.${stamp}@example.org`;
  const name = `Jo Joiner${stamp % 100_000}`;
  const visitor = await browser.newContext({ baseURL: BASE_URL });
  const page = await visitor.newPage();

  // The link came with a newsletter's campaign fields: the contact keeps them through the provider and the email.
  await page.goto("/join?utm_source=newsletter&utm_campaign=spring-drive");
  await page.getByLabel("Other amount").fill("12");
  await page.getByLabel(/I'll pay the processing fee/).check();
  await page.getByLabel("Direct debit (GoCardless)").check();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Join" }).click();

  // The built-in test provider's checkout stands in for the payment provider's pages.
  await expect(page.getByText(/Test mode/)).toBeVisible();
  await page.getByRole("button", { name: "Pay successfully" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  await page.goto(await confirmLink(request, email));
  await expect(page.getByRole("heading", { name: "Set up your account" })).toBeVisible();
  await page.getByLabel("First name").fill("Jo");
  await page.getByLabel("Last name").fill(name.slice("Jo ".length));
  await page.getByLabel("New password").fill("Joining-pass1");
  await page.getByLabel("Confirm password").fill("Joining-pass1");
  await page.getByRole("button", { name: "Save and continue" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await page.goto("/profile/contribution");
  await expect(page.getByRole("heading", { name: "Your contribution", exact: true })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  // The first payment is in the member's own list: 12 a month plus the direct-debit fee of 0.20 + 1 %.
  const paid = page.getByRole("table", { name: "Your payments" }).getByRole("row").nth(1);
  await expect(paid).toContainText("£12.32");
  await expect(paid).toContainText("Successful");
  await page.getByLabel("Other amount").fill("15");
  await page.getByRole("button", { name: "Update contribution" }).click();
  await expect(page.getByText("Your contribution has been updated.")).toBeVisible();
  // Nothing is charged for the change: the new amount starts with the next payment.
  await expect(page.getByText("From the next payment")).toBeVisible();

  await page.getByRole("link", { name: "Cancel contribution" }).click();
  // The reason comes first; the alternatives and the cancellation itself after it.
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Choose a reason to continue.")).toBeVisible();
  await page.getByLabel("Something else").check();
  await page.getByLabel(/Anything you would like to tell us/).fill("Moving abroad");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText(/Your membership ends on /)).toBeVisible();
  await page.getByRole("button", { name: "Yes, cancel my contribution" }).click();
  await expect(page.getByText("Your contribution has been cancelled.")).toBeVisible();
  // The released card or mandate cannot be changed any more: contributing again starts anew with a method.
  await expect(page.getByText(/Your contribution is cancelled, so no more payments are taken/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue to payment" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Update contribution" })).toHaveCount(0);

  // Home says until when the membership runs, and which callouts are open to answer.
  const calloutSlug = `home-${stamp}`;
  await createCalloutAsAdmin(request, {
    slug: calloutSlug,
    formSchema: {
      slides: [
        {
          id: "s1",
          title: "You",
          navigation: {},
          components: [{ id: "c1", key: "story", type: "textarea", input: true, label: "Your story" }],
        },
      ],
    },
    variants: {
      default: {
        title: `Tell us about the river ${stamp}`,
        excerpt: "What the river means to you.",
        intro: "",
        thanksTitle: "Thank you",
        thanksText: "",
        slideNavigation: {},
        componentText: {},
      },
    },
  });
  await page.goto("/profile");
  await expect(page.getByText(/^Member until \d+ \w+ \d{4}$/)).toBeVisible();
  await expect(page.getByText(/^Cancelled\. Your membership ends on \d+ \w+ \d{4}\.$/)).toBeVisible();
  const openCallouts = page.getByRole("heading", { name: "Callouts open to you" });
  await expect(openCallouts).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("home-cancelled-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/profile?lang=ru");
  await expect(page.getByText(/^Участник до /)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("home-cancelled-375-ru.png"), fullPage: true });
  await page.goto("/profile?lang=de");
  await expect(page.getByText(/^Mitglied bis \d+\. \p{L}+ \d{4}$/u)).toBeVisible();
  await page.getByRole("link", { name: `Tell us about the river ${stamp}` }).click();
  await expect(page).toHaveURL(new RegExp(`/callouts/${calloutSlug}$`));
  await visitor.close();

  // The payments are there for the newsroom.
  await request.post("/api/1.0/auth/login", { headers, data: { email: ADMIN.email, password: ADMIN.password } });
  const rules = { condition: "AND", rules: [{ field: "email", operator: "equal", value: [email] }] };
  const found = await request.get(`/api/1.0/contact?rules=${encodeURIComponent(JSON.stringify(rules))}`, { headers });
  const [contact] = ((await found.json()) as { items: { id: string }[] }).items;
  const payments = await request.get(`/api/1.0/contact/${contact?.id}/payment`, { headers });
  expect(payments.status()).toBe(200);
  const items = ((await payments.json()) as { items: { amount: number; status: string }[] }).items;
  // 12 a month plus the direct-debit fee of 0.20 + 1 %.
  expect(items).toEqual([expect.objectContaining({ status: "successful", amount: 12.32 })]);

  // An admin finds the payment among the newsroom's payments, and on the contact's page.
  const admin = await browser.newContext({ baseURL: BASE_URL });
  const adminPage = await admin.newPage();
  await adminPage.goto("/auth/login?next=%2Fadmin%2Fpayments%3Fstatus%3Dsuccessful");
  await logIn(adminPage, ADMIN.email, ADMIN.password);
  const row = adminPage.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("12.32");
  await row.getByRole("link", { name }).click();
  const joinedFrom = adminPage.getByRole("definition").filter({ hasText: "spring-drive" });
  await expect(joinedFrom).toContainText("Source (utm_source): newsletter");
  await expect(joinedFrom).toContainText("Campaign (utm_campaign): spring-drive");
  await adminPage.getByRole("link", { name: "Contribution" }).click();
  await expect(adminPage.getByText("12.32").first()).toBeVisible();
  await admin.close();
});

test("a visitor whose payment fails lands on the failed-join page and is mailed no confirmation link", async ({
  browser,
  request,
}) => {
  const email = `declined.${Date.now()}@example.org`;
  const visitor = await browser.newContext({ baseURL: BASE_URL });
  const page = await visitor.newPage();

  await page.goto("/join");
  await page.getByLabel("Other amount").fill("7");
  await page.getByLabel("Direct debit (GoCardless)").check();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Join" }).click();
  await expect(page.getByText(/Test mode/)).toBeVisible();
  await page.getByRole("button", { name: "Fail the payment" }).click();

  await expect(page.getByRole("heading", { name: "Joining didn't work" })).toBeVisible();
  await expect(page).toHaveURL(/\/join\/failed$/);
  await expect(page.getByText("Nothing has been charged.", { exact: false })).toBeVisible();
  await visitor.close();

  const sent = await asAdmin(request, async () => {
    const list = await request.get("/api/1.0/email-outbox?limit=100", { headers });
    const { items } = (await list.json()) as { items: { to: { email: string } }[] };
    return items.filter((item) => item.to.email === email);
  });
  expect(sent).toEqual([]);
});

test("someone with staff rights who joins confirms, is told the membership is active, and logs in to set up", async ({
  browser,
  request,
}) => {
  const staff = { email: `staff.joiner.${Date.now()}@example.org`, password: "Staff-pass-2026" };
  await asAdmin(request, async () => {
    const created = await request.post("/api/1.0/contact", {
      headers,
      data: {
        ...staff,
        firstname: "Sol",
        lastname: "Desk",
        roles: [{ role: "admin", dateAdded: new Date().toISOString() }],
      },
    });
    expect(created.status(), await created.text()).toBe(200);
  });
  const visitor = await browser.newContext({ baseURL: BASE_URL });
  const page = await visitor.newPage();

  await page.goto("/join");
  await page.getByLabel("Other amount").fill("9");
  await page.getByLabel("Direct debit (GoCardless)").check();
  await page.getByLabel("Email").fill(staff.email);
  await page.getByRole("button", { name: "Join" }).click();
  await page.getByRole("button", { name: "Pay successfully" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

  // The link joins, but never logs into an account with staff rights: its owner logs in as usual.
  await page.goto(await confirmLink(request, staff.email));
  await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
  await expect(page.getByText("Your membership is active. Log in to your account to continue.")).toBeVisible();
  await logIn(page, staff.email, staff.password);
  await expect(page.getByRole("heading", { name: "Set up your account" })).toBeVisible();
  await visitor.close();
});

test("an active member who joins again is sent to check their inbox, where a login link waits", async ({
  browser,
  request,
}) => {
  const member = await createMember(request, "rejoiner");
  const visitor = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 1280, height: 900 } });
  const page = await visitor.newPage();

  await page.goto("/join");
  await page.getByLabel("Other amount").fill("6");
  await page.getByLabel("Direct debit (GoCardless)").check();
  await page.getByLabel("Email").fill(member.email);
  await page.getByRole("button", { name: "Join" }).click();
  // The same step as for anyone: the page does not tell who is a member. Nothing is charged.
  await expect(page.getByText(/Test mode/)).toBeVisible();
  await page.getByRole("button", { name: "Pay successfully" }).click();

  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expect(
    page.getByText("Already a member? Then the email says so and has a link to log in instead."),
  ).toBeVisible();
  await expect(page.getByText("Oops, something went wrong!")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("join-again-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: test.info().outputPath("join-again-375.png"), fullPage: true });
  await visitor.close();

  // The member's email says they already have a membership and links to the login on the site's own address.
  const sent = await asAdmin(request, async () => {
    let found: { templateId: string | null; textBody: string }[] = [];
    await expect
      .poll(async () => {
        const list = await request.get("/api/1.0/email-outbox?limit=100", { headers });
        const { items } = (await list.json()) as { items: { id: string; to: { email: string } }[] };
        const mine = items.filter((item) => item.to.email === member.email);
        found = await Promise.all(
          mine.map(async (item) => {
            const detail = await request.get(`/api/1.0/email-outbox/${item.id}`, { headers });
            return (await detail.json()) as { templateId: string | null; textBody: string };
          }),
        );
        return found.map((email) => email.templateId);
      })
      .toEqual(["email-exists-login"]);
    return found;
  });
  expect(sent[0]?.textBody).toContain(`${BASE_URL}/auth/login`);
});

test("a member who starts to cancel gives a reason and pauses their payments instead", async ({
  page,
  request,
  playwright,
}) => {
  const member = await createMember(request, "pauser");
  const session = await newSession(playwright, member.email, member.password);
  await contributeMonthly(session, 9);
  await session.dispose();

  await page.goto("/auth/login");
  await logIn(page, member.email, member.password);
  await expect(page).not.toHaveURL(/\/auth\/login/);
  await page.goto("/profile/contribution");
  await page.getByRole("link", { name: "Cancel contribution" }).click();
  await expect(page.getByRole("group", { name: "Why are you cancelling?" })).toBeVisible();
  // Keyboard only: the reason, then on to the alternatives.
  await page.getByLabel("I don't read or use it enough").focus();
  await page.keyboard.press("Space");
  await expect(page.getByLabel("I don't read or use it enough")).toBeChecked();
  await page.getByRole("button", { name: "Continue" }).press("Enter");

  await expect(page.getByRole("heading", { name: "Take a break" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Give less, or pay once a year" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Yes, cancel my contribution" })).toBeVisible();
  await expectAccessible(page);
  await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.getByLabel("Length of the break").selectOption("2");
  await page.getByRole("button", { name: "Pause my payments" }).click();
  await expect(page.getByText("Your payments are paused.")).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/contribution$/);
  // The summary says until when; the contribution is not cancelled.
  const pausedRow = page.getByText("Payments paused until").locator("..");
  await expect(pausedRow).toBeVisible();
  const resumes = new Date();
  resumes.setUTCMonth(resumes.getUTCMonth() + 2);
  await expect(pausedRow).toContainText(String(resumes.getUTCFullYear()));
  await expect(page.getByText("Cancelled on")).toHaveCount(0);
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
});
