import { screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ContributionBands as Bands } from "@cohort/common/stats";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { ContributionBands } from "./contribution-bands";

vi.mock("./band-chart", () => ({
  default: ({ rows }: { rows: { label: string; members: number }[] }) => (
    <div data-testid="band-chart">{rows.map((row) => row.members).join(",")}</div>
  ),
}));

function renderBands(bands: Bands) {
  fetchMock.mockImplementation((input) =>
    Promise.resolve(requestUrl(input).includes("/stats/bands") ? jsonResponse(200, bands) : jsonResponse(404, {})),
  );
  renderRoutes([{ path: "/", element: <ContributionBands /> }], "/");
}

const band = (from: number, below: number | null, members: number) => ({ from, below, members });

describe("ContributionBands", () => {
  stubFetch();
  it("lists every band with its members, and those without a recurring contribution", async () => {
    renderBands({
      bands: [band(0, 5, 1), band(5, 10, 2), band(10, 20, 1), band(20, 50, 0), band(50, null, 3)],
      withoutRecurring: 2,
    });
    const table = await screen.findByTestId("bands-table");
    const rows = within(table).getAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "Under £5.001",
      "£5.00 to under £10.002",
      "£10.00 to under £20.001",
      "£20.00 to under £50.000",
      "£50.00 or more3",
      "No recurring contribution2",
    ]);
    expect(await screen.findByTestId("band-chart")).toHaveTextContent("1,2,1,0,3,2");
  });

  it("points a new install to its next steps when there are no members", async () => {
    renderBands({ bands: [band(0, 5, 0), band(5, null, 0)], withoutRecurring: 0 });
    expect(await screen.findByTestId("bands-empty")).toHaveTextContent("No members yet");
    expect(screen.getByRole("link", { name: "import your contacts" })).toHaveAttribute(
      "href",
      "/admin/contacts/import",
    );
    expect(screen.queryByTestId("band-chart")).not.toBeInTheDocument();
  });
});
