import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LatestResponse } from "@cohort/common/stats";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { LatestResponses } from "./latest-responses";

function renderLatest(items: LatestResponse[]) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(
      requestUrl(input).includes("/stats/responses") ? jsonResponse(200, { items }) : jsonResponse(404, {}),
    ),
  );
  renderRoutes([{ path: "/", element: <LatestResponses /> }], "/");
}

describe("LatestResponses", () => {
  stubFetch();
  it("links each response to its place in the inbox, numbered, and says who answered and when", async () => {
    renderLatest([
      {
        id: "r-2",
        number: 7,
        calloutId: "c-1",
        calloutTitle: "School meals",
        createdAt: "2026-03-14T12:00:00.000Z",
        respondent: "Rosa Diaz",
      },
      {
        id: "r-1",
        number: 3,
        calloutId: "c-2",
        calloutTitle: "Flooding",
        createdAt: "2026-03-13T12:00:00.000Z",
        respondent: null,
      },
    ]);
    const list = await screen.findByTestId("latest-responses");
    const items = within(list).getAllByRole("listitem");
    expect(within(items[0]!).getByRole("link", { name: "School meals · #7" })).toHaveAttribute(
      "href",
      "/admin/callouts/view/c-1/responses/r-2",
    );
    expect(within(items[1]!).getByRole("link", { name: "Flooding · #3" })).toHaveAttribute(
      "href",
      "/admin/callouts/view/c-2/responses/r-1",
    );
    // The hour depends on the time zone the tests run in; the day does not, at noon UTC.
    expect(items[0]).toHaveTextContent(/Rosa Diaz, 14 Mar 2026, \d{2}:\d{2}/);
    expect(items[1]).toHaveTextContent(/Anonymous, 13 Mar 2026, \d{2}:\d{2}/);
    const urls = fetchMock.mock.calls.map(([input]) => requestUrl(input));
    expect(urls.some((url) => url.includes("/stats/responses"))).toBe(true);
  });

  it("points to creating a callout when nobody has answered yet", async () => {
    renderLatest([]);
    expect(await screen.findByTestId("responses-empty")).toHaveTextContent("No callout responses yet.");
    expect(screen.getByRole("link", { name: "Create a callout" })).toHaveAttribute("href", "/admin/callouts/new");
  });
});
