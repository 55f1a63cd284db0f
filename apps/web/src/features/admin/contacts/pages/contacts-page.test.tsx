import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { contact, jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { sampleTags } from "../../../../test/sample-tags";
import { ContactsPage } from "./contacts-page";

function page(total: number) {
  return {
    items: [{ ...contact(["member"]), tags: [{ id: sampleTags[1]!.id, name: "Volunteer" }] }],
    total,
    offset: 0,
    count: 1,
  };
}

/** The query of each contact list request, as the page sent it. */
function listRequests(): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), "http://localhost"))
    .filter((url) => url.pathname.endsWith("/contact") && url.searchParams.get("limit") !== "1")
    .map((url) => url.searchParams);
}

function renderPage(path: string) {
  return renderRoutes([{ path: "/admin/contacts", Component: ContactsPage }], path);
}

describe("ContactsPage", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.includes("/segments")) return Promise.resolve(jsonResponse(200, []));
      if (url.includes("/contact-tags")) return Promise.resolve(jsonResponse(200, sampleTags));
      return Promise.resolve(jsonResponse(200, page(61)));
    });
  });

  it("asks for the page, sort and filter the query string describes", async () => {
    renderPage("/admin/contacts?page=2&size=50&sort=email&order=ASC");
    expect(await screen.findByRole("link", { name: "Sam Reader" })).toBeInTheDocument();
    const [query] = listRequests();
    expect(Object.fromEntries(query!)).toMatchObject({ limit: "50", offset: "50", sort: "email", order: "ASC" });
    expect(query!.getAll("with")).toEqual(["roles", "tags"]);
    expect(screen.getByRole("columnheader", { name: /Name.*Email/ })).toHaveAttribute("aria-sort", "ascending");
    expect(screen.getByText("51–61 of 61")).toBeInTheDocument();
  });

  it("searches once typing pauses and keeps the search in the address", async () => {
    const router = renderPage("/admin/contacts");
    await screen.findByRole("link", { name: "Sam Reader" });
    await userEvent.type(screen.getByRole("searchbox", { name: "Search contacts" }), "sam");
    await waitFor(() => expect(router.state.location.search).toBe("?q=sam"));
    await waitFor(() => expect(listRequests().at(-1)?.get("rules")).toBeTruthy());
    expect(JSON.parse(listRequests().at(-1)?.get("rules") ?? "")).toEqual({
      condition: "OR",
      rules: [
        { field: "firstname", operator: "contains", value: ["sam"] },
        { field: "lastname", operator: "contains", value: ["sam"] },
        { field: "email", operator: "contains", value: ["sam"] },
      ],
    });
    expect(listRequests().filter((query) => query.has("rules"))).toHaveLength(1);
  });

  it("sorts by a column and goes back to the first page", async () => {
    const router = renderPage("/admin/contacts?page=2");
    await screen.findByRole("link", { name: "Sam Reader" });
    await userEvent.click(screen.getByRole("button", { name: "Last seen" }));
    expect(router.state.location.search).toBe("?sort=lastSeen");
    expect(screen.getByRole("columnheader", { name: "Last seen" })).toHaveAttribute("aria-sort", "descending");
  });

  it("offers every matching contact once the whole page is selected", async () => {
    renderPage("/admin/contacts");
    await screen.findByRole("link", { name: "Sam Reader" });
    await userEvent.click(screen.getByRole("checkbox", { name: "Select all contacts on this page" }));
    const bar = screen.getByRole("region", { name: "Selected contacts" });
    expect(within(bar).getByText("Selected: 1")).toBeInTheDocument();
    await userEvent.click(within(bar).getByRole("button", { name: "Select all matching contacts (61)" }));
    expect(within(bar).getByText("All matching contacts are selected: 61")).toBeInTheDocument();
  });

  it("shows a saved segment's rule in its filter panel, and leaves the segment once the rule changes", async () => {
    const ruleGroup = { condition: "AND", rules: [{ field: "firstname", operator: "contains", value: ["sam"] }] };
    const segment = { id: "s1", name: "Sams", description: "", ruleGroup, order: 0 };
    fetchMock.mockImplementation((input) => {
      const url = requestUrl(input);
      if (url.split("?")[0]!.endsWith("/segments")) return Promise.resolve(jsonResponse(200, [segment]));
      if (url.includes("/contact-tags")) return Promise.resolve(jsonResponse(200, sampleTags));
      return Promise.resolve(jsonResponse(200, page(1)));
    });
    const router = renderPage("/admin/contacts?segment=s1");
    await screen.findByRole("link", { name: "Sam Reader" });
    await userEvent.click(screen.getByRole("button", { name: "Filter" }));
    const panel = screen.getByRole("region", { name: "Filter contacts" });
    expect(within(panel).queryByText("No rules yet.")).not.toBeInTheDocument();
    const value = within(panel).getByDisplayValue("sam");
    await userEvent.clear(value);
    await userEvent.type(value, "alex");
    await userEvent.click(within(panel).getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(router.state.location.search).not.toContain("segment=s1"));
    expect(decodeURIComponent(router.state.location.search)).toContain('"value":["alex"]');
  });

  it("shows the server's reason when it refuses the filter", async () => {
    fetchMock.mockImplementation((input) =>
      Promise.resolve(
        requestUrl(input).includes("/contact?")
          ? jsonResponse(400, {
              httpCode: 400,
              name: "BadRequestError",
              code: "invalid-rule",
              message: "Invalid field: x",
            })
          : jsonResponse(200, []),
      ),
    );
    const rules = encodeURIComponent(
      JSON.stringify({ condition: "AND", rules: [{ field: "x", operator: "equal", value: ["1"] }] }),
    );
    renderPage(`/admin/contacts?rules=${rules}`);
    expect(await screen.findAllByText("Invalid field: x")).not.toHaveLength(0);
    expect(screen.getAllByText("One of the filter rules is not valid.")).not.toHaveLength(0);
  });
});
