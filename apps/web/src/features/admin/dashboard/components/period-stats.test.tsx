import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { PeriodStats } from "./period-stats";

function renderStats() {
  renderRoutes([{ path: "/", element: <PeriodStats /> }], "/");
}

const statsCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), "http://localhost"))
    .filter((url) => url.pathname.endsWith("/stats"));

describe("PeriodStats", () => {
  stubFetch();
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-03-15T10:00:00.000Z"), toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the period's figures from /stats, to the cent", async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).includes("/stats")
          ? jsonResponse(200, {
              newContacts: 3,
              averageContribution: 8.33,
              totalRevenue: 24.99,
              giftRevenue: 10,
              gifts: 1,
            })
          : jsonResponse(404, {}),
      ),
    );
    renderStats();
    expect(await screen.findByTestId("stat-newContacts")).toHaveTextContent("3");
    expect(screen.getByTestId("stat-averageContribution")).toHaveTextContent("8.33");
    expect(screen.getByTestId("stat-totalRevenue")).toHaveTextContent("24.99");
    expect(statsCalls()[0]?.searchParams.get("from")).toBe("2026-02-14");
    expect(statsCalls()[0]?.searchParams.get("to")).toBe("2026-03-15");

    await userEvent.selectOptions(screen.getByLabelText("Period"), "lastMonth");
    await vi.waitFor(() => expect(statsCalls()).toHaveLength(2));
    expect(statsCalls()[1]?.searchParams.get("from")).toBe("2026-02-01");
    expect(statsCalls()[1]?.searchParams.get("to")).toBe("2026-02-28");
  });

  it("points a new install to its next steps instead of bare zeros", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(
        jsonResponse(200, {
          newContacts: 0,
          averageContribution: null,
          totalRevenue: null,
          giftRevenue: null,
          gifts: 0,
        }),
      ),
    );
    renderStats();
    expect(await screen.findByText(/Nothing happened in this period yet/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "set up the join form" })).toHaveAttribute(
      "href",
      "/admin/membership-builder",
    );
    expect(screen.getByTestId("stat-averageContribution")).toHaveTextContent("None yet");
  });

  it("counts the reasons members gave over the same period, cancelled and paused", async () => {
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.includes("/stats/cancellation-reasons")) {
        return Promise.resolve(
          jsonResponse(200, {
            reasons: [
              { reason: "Too dear", cancelled: 3, paused: 2 },
              { reason: "other", cancelled: 1, paused: 0 },
            ],
          }),
        );
      }
      return Promise.resolve(
        jsonResponse(200, { newContacts: 1, averageContribution: 5, totalRevenue: 5, giftRevenue: null, gifts: 0 }),
      );
    });
    renderStats();
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows[0]).toHaveTextContent(/Too dear\s*3\s*2/);
    expect(rows[1]).toHaveTextContent(/Something else\s*1\s*0/);
    const asked = fetchMock.mock.calls
      .map(([input]) => new URL(requestUrl(input), "http://localhost"))
      .find((url) => url.pathname.endsWith("/stats/cancellation-reasons"));
    expect(asked?.searchParams.get("from")).toBe("2026-02-14");
    expect(asked?.searchParams.get("to")).toBe("2026-03-15");
  });
});
