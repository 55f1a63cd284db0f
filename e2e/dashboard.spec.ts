import type { APIRequestContext } from "@playwright/test";
import { localeTags } from "@cohort/common/i18n";
import type { ContributionBands, LatestResponses, MonthlyStats, Stats } from "@cohort/common/stats";
import { expect, expectAccessible, test } from "./fixtures/audit.js";
import { ADMIN, createMember, logIn } from "./fixtures/accounts.js";
import { createCalloutAsAdmin } from "./fixtures/callouts.js";
import { contributeMonthly, getJson, newSession, paymentWithRefund } from "./fixtures/payments.js";

const headers = { "X-Requested-With": "XMLHttpRequest" };

/** Everything the dashboard shows, read from the API. */
async function figures(admin: APIRequestContext, from: string, to: string) {
  const [stats, monthly, bands] = await Promise.all([
    getJson<Stats>(admin, `/stats?from=${from}&to=${to}`),
    getJson<MonthlyStats>(admin, "/stats/monthly?months=12"),
    getJson<ContributionBands>(admin, "/stats/bands"),
  ]);
  const thisMonth = monthly.months.at(-1);
  if (!thisMonth) throw new Error("No current month in the series");
  return { stats, thisMonth, bands };
}

/** Adds minor units to an amount in major units, exactly. */
const plus = (major: number | null, minor: number) => (Math.round((major ?? 0) * 100) + minor) / 100;

test("the dashboard shows the figures that new members, payments, a refund and a cancellation imply", async ({
  page,
  playwright,
  request,
}) => {
  test.setTimeout(120_000);
  const today = new Date().toISOString().slice(0, 10);
  const monthStart = `${today.slice(0, 7)}-01`;
  const admin = await newSession(playwright, ADMIN.email, ADMIN.password);
  const { currencyCode, locale } = await getJson<{ currencyCode: string; locale: keyof typeof localeTags }>(
    admin,
    "/content/general",
  );
  const money = new Intl.NumberFormat(localeTags[locale], { style: "currency", currency: currencyCode });
  const before = await figures(admin, monthStart, today);

  // Three new members: Pia gives 12.00 a month, Quentin 4.00 a month and then cancels,
  // Ruth's annual 60.00 was set by the team (5.00 a month).
  const pia = await createMember(request, "dash-pia");
  const quentin = await createMember(request, "dash-quentin");
  const ruth = await createMember(request, "dash-ruth");
  const piaSession = await newSession(playwright, pia.email, pia.password);
  const piaId = await contributeMonthly(piaSession, 12);
  const quentinSession = await newSession(playwright, quentin.email, quentin.password);
  await contributeMonthly(quentinSession, 4);
  const cancelled = await quentinSession.post("/api/1.0/contact/me/contribution/cancel", { headers });
  expect(cancelled.status()).toBe(204);
  const ruthSession = await newSession(playwright, ruth.email, ruth.password);
  const ruthId = (await getJson<{ id: string }>(ruthSession, "/contact/me")).id;
  const forced = await admin.patch(`/api/1.0/contact/${ruthId}/contribution/force`, {
    headers,
    data: { type: "Manual", amount: 60, period: "annually", source: "Standing order" },
  });
  expect(forced.status(), await forced.text()).toBe(200);
  // Pia also gave 20.00 once, 7.50 of which went back, and 5.00 that was wholly refunded.
  await paymentWithRefund(request, piaId, 2000, 750, currencyCode);
  await paymentWithRefund(request, piaId, 500, 500, currencyCode);

  // A guest answers a callout.
  const title = `Dashboard callout ${Date.now()}`;
  const { id: calloutId } = await createCalloutAsAdmin(request, {
    slug: `dashboard-${Date.now()}`,
    allowMultiple: true,
    access: "guest",
    formSchema: {
      slides: [
        {
          id: "s1",
          title: "Tip",
          navigation: {},
          components: [{ id: "c1", key: "tip", type: "textarea", input: true, label: "Your tip" }],
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
        slideNavigation: { s1: { prevText: "Back", nextText: "Next", submitText: "Send" } },
        componentText: {},
      },
    },
  });
  const answered = await request.post(`/api/1.0/callout/${calloutId}/responses`, {
    headers,
    data: {
      answers: { s1: { tip: "The bridge is closing" } },
      guest: { firstname: "Gina", lastname: "Guest", email: `gina.${Date.now()}@example.org` },
    },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  const { id: responseId } = (await answered.json()) as { id: string };

  // What the fixtures imply, worked out by hand from the figures before them.
  const after = await figures(admin, monthStart, today);
  // 12.00 + 4.00 first payments, 20.00 − 7.50 kept; the wholly refunded 5.00 keeps nothing.
  const revenueAdded = 1200 + 400 + 1250;
  expect(after.stats.newContacts).toBe(before.stats.newContacts + 3);
  expect(after.stats.totalRevenue).toBe(plus(before.stats.totalRevenue, revenueAdded));
  expect(after.thisMonth.revenue).toBe(plus(before.thisMonth.revenue, revenueAdded));
  // Pia's 12.00 and Ruth's 60.00 / 12; Quentin's cancelled 4.00 no longer counts.
  expect(after.thisMonth.mrr).toBe(plus(before.thisMonth.mrr, 1200 + 500));
  expect(after.thisMonth.newMembers).toBe(before.thisMonth.newMembers + 3);
  expect(after.thisMonth.cancelledMembers).toBe(before.thisMonth.cancelledMembers + 1);
  const bandOf = (bands: ContributionBands, from: number) => bands.bands.find((band) => band.from === from)?.members;
  expect(bandOf(after.bands, 10)).toBe((bandOf(before.bands, 10) ?? 0) + 1);
  expect(bandOf(after.bands, 5)).toBe((bandOf(before.bands, 5) ?? 0) + 1);
  expect(after.bands.withoutRecurring).toBe(before.bands.withoutRecurring + 1);

  // The dashboard shows exactly those figures.
  await page.goto("/auth/login?next=%2Fadmin");
  await logIn(page, ADMIN.email, ADMIN.password);
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByLabel("Period").selectOption("thisMonth");
  await expect(page.getByTestId("stat-newContacts")).toContainText(String(after.stats.newContacts));
  await expect(page.getByTestId("stat-totalRevenue")).toContainText(money.format(after.stats.totalRevenue ?? 0));
  // This month has payments, so there is an average to show.
  expect(after.stats.averageContribution).not.toBeNull();
  await expect(page.getByTestId("stat-averageContribution")).toContainText(
    money.format(after.stats.averageContribution ?? 0),
  );
  await expect(page.getByTestId("monthly-mrr")).toContainText(money.format(after.thisMonth.mrr));
  await expect(page.getByTestId("monthly-members")).toContainText(
    `+${after.thisMonth.newMembers} / −${after.thisMonth.cancelledMembers}`,
  );
  await page.getByText("Show the figures as a table").click();
  const monthRow = page.getByRole("table", { name: "Month by month" }).getByRole("row").last();
  await expect(monthRow).toContainText(money.format(after.thisMonth.revenue));

  const bandRows = page.getByTestId("bands-table").getByRole("row");
  await expect(bandRows.filter({ hasText: "to under" }).first()).toBeVisible();
  for (const band of after.bands.bands) {
    const label =
      band.below === null
        ? `${money.format(band.from)} or more`
        : band.from === 0
          ? `Under ${money.format(band.below)}`
          : `${money.format(band.from)} to under ${money.format(band.below)}`;
    await expect(bandRows.filter({ hasText: label })).toContainText(String(band.members));
  }
  await expect(bandRows.filter({ hasText: "No recurring contribution" })).toContainText(
    String(after.bands.withoutRecurring),
  );
  await expectAccessible(page);

  // The newest response leads to its place in the inbox.
  const latest = await getJson<LatestResponses>(admin, "/stats/responses");
  expect(latest.items[0]).toMatchObject({ id: responseId, calloutTitle: title, number: 1, respondent: "Gina Guest" });
  const link = page.getByTestId("latest-responses").getByRole("link", { name: `${title} · #1` });
  await expect(link).toBeVisible();
  await page.setViewportSize({ width: 375, height: 900 });
  await page.screenshot({ path: test.info().outputPath("dashboard-narrow.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: test.info().outputPath("dashboard.png"), fullPage: true });
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/admin/callouts/view/${calloutId}/responses/${responseId}$`));
  await expect(page.getByRole("heading", { name: "Response #1" })).toBeVisible();

  await Promise.all([admin, piaSession, quentinSession, ruthSession].map((context) => context.dispose()));
});
