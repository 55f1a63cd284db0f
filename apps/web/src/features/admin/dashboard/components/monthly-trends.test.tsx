import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { MonthlyStatsRow } from "@cohort/common/stats";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { MonthlyTrends } from "./monthly-trends";

vi.mock("./monthly-charts", () => ({
  default: ({ months }: { months: MonthlyStatsRow[] }) => <div data-testid="charts">{months.length}</div>,
}));

function renderTrends() {
  renderRoutes([{ path: "/", element: <MonthlyTrends /> }], "/");
}

const row = (month: string, values: Partial<MonthlyStatsRow> = {}): MonthlyStatsRow => ({
  month,
  mrr: 0,
  revenue: 0,
  giftRevenue: 0,
  newMembers: 0,
  cancelledMembers: 0,
  contributorsAtStart: 0,
  churnRate: null,
  ...values,
});

describe("MonthlyTrends", () => {
  stubFetch();
  it("shows MRR, its change, new and cancelled members and churn, with a table of every month", async () => {
    const months = [
      row("2026-01", { mrr: 17.17, revenue: 75, newMembers: 2, contributorsAtStart: 2, churnRate: 0 }),
      row("2026-02", { mrr: 14.17, revenue: 3, cancelledMembers: 1, contributorsAtStart: 4, churnRate: 0.25 }),
      row("2026-03", { mrr: 20.5, newMembers: 3, cancelledMembers: 1, contributorsAtStart: 3, churnRate: 0.3333 }),
    ];
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).includes("/stats/monthly") ? jsonResponse(200, { months }) : jsonResponse(404, {}),
      ),
    );
    renderTrends();
    const mrr = await screen.findByTestId("monthly-mrr");
    expect(mrr).toHaveTextContent("20.50");
    expect(mrr).toHaveTextContent("+£6.33 since last month");
    expect(screen.getByTestId("monthly-members")).toHaveTextContent("+3 / −1");
    expect(screen.getByTestId("monthly-churn")).toHaveTextContent("25%");
    expect(await screen.findByTestId("charts")).toHaveTextContent("3");

    await userEvent.click(screen.getByText("Show the figures as a table"));
    const table = screen.getByRole("table", { name: "Month by month" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(4);
    expect(rows[1]).toHaveTextContent("£17.17");
    expect(rows[1]).toHaveTextContent("£75.00");
    expect(rows[3]).toHaveTextContent("33.33%");
    const urls = fetchMock.mock.calls.map(([input]) => new URL(requestUrl(input), "http://localhost"));
    expect(urls.find((url) => url.pathname.endsWith("/stats/monthly"))?.searchParams.get("months")).toBe("12");
  });

  it("points a new install to its next steps instead of empty charts", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { months: [row("2026-02"), row("2026-03")] })),
    );
    renderTrends();
    expect(await screen.findByTestId("monthly-empty")).toHaveTextContent("No members or payments");
    expect(screen.getByRole("link", { name: "set up the join form" })).toHaveAttribute(
      "href",
      "/admin/membership-builder",
    );
    expect(screen.queryByTestId("charts")).not.toBeInTheDocument();
  });
});
