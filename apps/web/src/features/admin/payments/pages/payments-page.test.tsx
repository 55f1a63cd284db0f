import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { contact, generalContent, jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { PaymentsPage } from "./payments-page";

const payments = [
  {
    id: "0f4e2b1c-3a5d-4e6f-8a7b-9c0d1e2f3a4b",
    amount: 12.5,
    chargeDate: "2026-03-02T09:00:00.000Z",
    status: "successful",
    contact: contact(),
  },
  {
    id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d",
    amount: 7.25,
    chargeDate: "2026-03-01T09:00:00.000Z",
    status: "successful",
    contact: contact(),
  },
  {
    id: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
    amount: 40,
    chargeDate: "2026-02-27T09:00:00.000Z",
    status: "failed",
    contact: null,
  },
];

const totals = {
  total: 83,
  byStatus: {
    draft: { count: 0, amount: 0 },
    pending: { count: 2, amount: 15.5 },
    successful: { count: 70, amount: 1234.56 },
    failed: { count: 11, amount: 320 },
    cancelled: { count: 0, amount: 0 },
  },
};

/** The query of each payment list request, as the page sent it. */
function listRequests(): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), "http://localhost"))
    .filter((url) => url.pathname.endsWith("/payment"))
    .map((url) => url.searchParams);
}

function renderPage(path: string) {
  return renderRoutes([{ path: "/admin/payments", Component: PaymentsPage }], path);
}

describe("PaymentsPage", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
      if (url.includes("/payment/totals")) return Promise.resolve(jsonResponse(200, totals));
      return Promise.resolve(jsonResponse(200, { items: payments, total: 83, offset: 25, count: 3 }));
    });
  });

  it("asks for the status, dates, sort and page the address describes", async () => {
    renderPage("/admin/payments?status=successful&from=2026-03-01&to=2026-03-31&sort=amount&order=ASC&page=2");
    await screen.findAllByRole("link", { name: "Sam Reader" });
    const [query] = listRequests();
    expect(Object.fromEntries(query!)).toMatchObject({ limit: "25", offset: "25", sort: "amount", order: "ASC" });
    const totalsUrl = fetchMock.mock.calls
      .map(([input]) => new URL(requestUrl(input), "http://localhost"))
      .find((url) => url.pathname.endsWith("/payment/totals"));
    expect(totalsUrl?.searchParams.get("rules")).toBe(query!.get("rules"));
    expect(query!.getAll("with")).toEqual(["contact"]);
    expect(JSON.parse(query!.get("rules") ?? "")).toEqual({
      condition: "AND",
      rules: [
        { field: "status", operator: "equal", value: ["successful"] },
        { field: "chargeDate", operator: "greater_or_equal", value: ["2026-03-01"] },
        { field: "chargeDate", operator: "less_or_equal", value: ["2026-03-31"] },
      ],
    });
    expect(screen.getByRole("columnheader", { name: "Amount" })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByLabelText("Status")).toHaveValue("successful");
  });

  it("lists every payment newest first without rules by default", async () => {
    renderPage("/admin/payments");
    await screen.findAllByRole("link", { name: "Sam Reader" });
    const [query] = listRequests();
    expect(Object.fromEntries(query!)).toMatchObject({ limit: "25", offset: "0", sort: "chargeDate", order: "DESC" });
    expect(query!.has("rules")).toBe(false);
  });

  it("shows the rows, and the count and sums of every matching payment", async () => {
    renderPage("/admin/payments?page=2");
    const links = await screen.findAllByRole("link", { name: "Sam Reader" });
    expect(links[0]).toHaveAttribute("href", `/admin/contacts/${contact().id}`);
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText("€12.50")).toBeInTheDocument();
    // The short date keeps the status column on screen on phones.
    expect(within(rows[0]!).getByText("2 Mar 2026")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Failed")).toBeInTheDocument();
    expect(within(rows[2]!).getByText("Deleted contact")).toBeInTheDocument();
    expect(screen.getByText("Matching payments").nextElementSibling).toHaveTextContent("83");
    expect((await screen.findByText("Collected")).nextElementSibling).toHaveTextContent("€1,234.56");
    expect(screen.getByText("Being collected").nextElementSibling).toHaveTextContent("€15.50");
    expect(screen.getByText("Failed payments").nextElementSibling).toHaveTextContent("11");
    expect(screen.getByText("26–28 of 83")).toBeInTheDocument();
  });

  it("keeps a new filter in the address and goes back to the first page", async () => {
    const router = renderPage("/admin/payments?page=3");
    await screen.findAllByRole("link", { name: "Sam Reader" });
    await userEvent.selectOptions(screen.getByLabelText("Status"), "failed");
    expect(router.state.location.search).toBe("?status=failed");
    await waitFor(() =>
      expect(JSON.parse(listRequests().at(-1)?.get("rules") ?? "{}")).toEqual({
        condition: "AND",
        rules: [{ field: "status", operator: "equal", value: ["failed"] }],
      }),
    );
  });

  it("sorts by amount, largest first", async () => {
    const router = renderPage("/admin/payments");
    await screen.findAllByRole("link", { name: "Sam Reader" });
    await userEvent.click(screen.getByRole("button", { name: "Amount" }));
    expect(router.state.location.search).toBe("?sort=amount");
    expect(screen.getByRole("columnheader", { name: "Amount" })).toHaveAttribute("aria-sort", "descending");
  });

  it("says so when no payment matches", async () => {
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(200, { items: [], total: 0, offset: 0, count: 0 })),
    );
    renderPage("/admin/payments?status=draft");
    expect(await screen.findByText("No payments")).toBeInTheDocument();
  });
});
