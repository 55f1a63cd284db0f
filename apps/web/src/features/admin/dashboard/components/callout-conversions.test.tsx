import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { CalloutConversions } from "./callout-conversions";

const RIVERS = "0b7c6d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e";
const range = { from: "2026-03-01", to: "2026-03-31" };

const conversionCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), "http://localhost"))
    .filter((url) => url.pathname.endsWith("/stats/callout-conversions"));

function serve(byCallout: unknown[], bySource: unknown[]) {
  fetchMock.mockImplementation((input) => {
    const url = new URL(requestUrl(input), "http://localhost");
    if (!url.pathname.endsWith("/stats/callout-conversions")) return Promise.resolve(jsonResponse(404, {}));
    const by = url.searchParams.get("by");
    return Promise.resolve(jsonResponse(200, { by, windowDays: 30, items: by === "source" ? bySource : byCallout }));
  });
  renderRoutes([{ path: "/", element: <CalloutConversions range={range} /> }], "/");
}

describe("CalloutConversions", () => {
  stubFetch();

  it("lists each callout's answers and the members they brought, then the same per source", async () => {
    serve(
      [{ calloutId: RIVERS, calloutSlug: "rivers", calloutTitle: "Our rivers", answers: 1204, members: 3 }],
      [
        { source: "newsletter", answers: 12, members: 2 },
        { source: null, answers: 5, members: 0 },
      ],
    );
    const table = await screen.findByRole("table");
    expect(within(table).getByRole("columnheader", { name: "Members within 30 days" })).toBeInTheDocument();
    const [, row] = within(table).getAllByRole("row");
    expect(within(row!).getByRole("link", { name: "Our rivers" })).toHaveAttribute(
      "href",
      `/admin/callouts/view/${RIVERS}/responses`,
    );
    expect(row).toHaveTextContent("1,204");
    expect(conversionCalls()[0]?.searchParams.get("from")).toBe("2026-03-01");
    expect(conversionCalls()[0]?.searchParams.get("by")).toBe("callout");

    await userEvent.selectOptions(screen.getByLabelText("Show"), "source");
    await vi.waitFor(() => expect(screen.getByRole("columnheader", { name: "Source" })).toBeInTheDocument());
    const rows = within(screen.getByRole("table")).getAllByRole("row");
    expect(rows[1]).toHaveTextContent(/newsletter\s*12\s*2/);
    expect(rows[2]).toHaveTextContent(/No source\s*5\s*0/);
    expect(conversionCalls().at(-1)?.searchParams.get("by")).toBe("source");
  });

  it("says so when the period has no answers", async () => {
    serve([], []);
    expect(await screen.findByText("No answers in this period.")).toBeInTheDocument();
    expect(screen.queryByRole("table")).not.toBeInTheDocument();
  });
});
