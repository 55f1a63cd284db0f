import { expect, test } from "./fixtures/audit.js";
import { ADMIN, asAdmin, createMember, logIn } from "./fixtures/accounts.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

interface OutboxItem {
  id: string;
  to: { email: string };
  subject: string;
}

test("an admin writes an email to a segment and sends it; a reader unsubscribes from its link", async ({ page }) => {
  const run = Date.now();
  const first = await createMember(page.request, `autumn-a-${run}`);
  const second = await createMember(page.request, `autumn-b-${run}`);
  const segmentName = `Autumn readers ${run}`;
  await asAdmin(page.request, async () => {
    const segment = await page.request.post("/api/1.0/segments", {
      headers,
      data: {
        name: segmentName,
        ruleGroup: { condition: "AND", rules: [{ field: "email", operator: "contains", value: [`-${run}.`] }] },
      },
    });
    expect(segment.status()).toBe(200);
  });

  await page.goto("/auth/login?next=%2Fadmin%2Femails%2Fmailings");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin\/emails\/mailings$/);
  await page.getByRole("link", { name: "New email" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "New email" })).toBeVisible();

  await page.getByRole("combobox", { name: "Send to" }).selectOption({ label: "A saved segment" });
  await page.getByRole("combobox", { name: "Segment" }).selectOption({ label: segmentName });
  await expect(page.getByRole("status").filter({ hasText: "Recipients:" })).toHaveText(
    "Recipients: 2 of 2 contacts chosen.",
  );
  await page.getByLabel("Subject").fill("Autumn news for *|FNAME|*");
  await page.getByRole("textbox", { name: "Text", exact: true }).click();
  await page.keyboard.type("Hello *|FNAME|*, the autumn issue is out.");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/admin\/emails\/mailings\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1, name: "Autumn news for *|FNAME|*" })).toBeVisible();

  // Preview as one of the recipients, with their name filled in.
  await page.getByLabel("Preview as").fill(first.email);
  await page.getByRole("button", { name: "Show preview" }).click();
  await expect(page.getByText(`Autumn news for ${first.firstname}`)).toBeVisible();

  await page.getByRole("button", { name: "Send now" }).click();
  const dialog = page.getByRole("dialog", { name: "Send this email now?" });
  await dialog.getByRole("button", { name: "Send now" }).click();
  await expect(page.getByText(/^Finished on /)).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible();

  // Had a server stopped mid-send, the page would count the recipients in doubt and those sent
  // again, and list the ones to check (the counts come from the server; here they are added to
  // its real answers).
  const mailingId = new URL(page.url()).pathname.split("/").pop()!;
  await page.route(`**/api/1.0/mailing/${mailingId}`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { progress: Record<string, number> };
    await route.fulfill({
      response,
      json: { ...body, progress: { ...body.progress, sent: 1, unknown: 1, resent: 1 } },
    });
  });
  await page.route(`**/api/1.0/mailing/${mailingId}/recipients?*status=unknown*`, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { items: unknown[]; total: number };
    const item = { contactId: null, email: second.email, status: "unknown", reason: null, attempts: 1, sentAt: null };
    await route.fulfill({ response, json: { ...body, items: [item], total: 1 } });
  });
  await page.reload();
  await expect(page.getByText("Unknown: check", { exact: true })).toBeVisible();
  await expect(page.getByText("Sent again", { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Might have arrived: check these" })).toContainText(second.email);
  await page.unrouteAll();

  // Without a mail server the emails are kept in the outbox; each recipient has one.
  let link = "";
  await expect
    .poll(async () => {
      const list = await page.request.get("/api/1.0/email-outbox?limit=50", { headers });
      const { items } = (await list.json()) as { items: OutboxItem[] };
      const toFirst = items.filter((item) => item.to.email === first.email);
      const toSecond = items.filter((item) => item.to.email === second.email);
      if (toFirst.length !== 1 || toSecond.length !== 1) return "";
      const detail = await page.request.get(`/api/1.0/email-outbox/${toFirst[0]!.id}`, { headers });
      const { textBody } = (await detail.json()) as { textBody: string };
      link = /https?:\/\/\S+\/unsubscribe\/[0-9a-f]{32}\.[\w-]+/.exec(textBody)?.[0] ?? "";
      return link;
    })
    .not.toBe("");

  // The reader opens the link without logging in and confirms.
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Unsubscribe" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You are unsubscribed")).toBeVisible();

  await asAdmin(page.request, async () => {
    const contacts = await page.request.get(
      `/api/1.0/contact?with=profile&rules=${encodeURIComponent(
        JSON.stringify({ condition: "AND", rules: [{ field: "email", operator: "equal", value: [first.email] }] }),
      )}`,
      { headers },
    );
    const { items } = (await contacts.json()) as { items: { profile?: { newsletterStatus: string } }[] };
    expect(items[0]?.profile?.newsletterStatus).toBe("unsubscribed");
  });
});
