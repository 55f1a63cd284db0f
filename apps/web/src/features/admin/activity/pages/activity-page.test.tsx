import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { generalContent, jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { ActivityPage } from "./activity-page";

const adminId = "0f4e2b1c-3a5d-4e6f-8a7b-9c0d1e2f3a4b";
const contactId = "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d";
const entries = [
  {
    id: "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e",
    at: "2026-03-02T09:00:00.000Z",
    kind: "contact.update",
    actor: { type: "contact", id: adminId, name: "Ada Admin" },
    contact: { id: contactId, name: "Sam Reader" },
    target: null,
    count: null,
    ids: [],
    changes: { lastname: { before: "Reader", after: "Writer" }, password: { before: "[hidden]", after: "[hidden]" } },
  },
  {
    id: "3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f",
    at: "2026-03-01T09:00:00.000Z",
    kind: "contact.bulk-update",
    actor: { type: "api-key", id: "0123456789abcdef", name: "CRM sync" },
    contact: null,
    target: null,
    count: 1200,
    ids: [contactId],
    changes: { tags: { before: null, after: ["+volunteers"] } },
  },
];

/** The query of each activity request, as the page sent it. */
function activityRequests(): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), "http://localhost"))
    .filter((url) => url.pathname.endsWith("/activity"))
    .map((url) => url.searchParams);
}

describe("ActivityPage", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input) => {
      if (requestUrl(input).includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
      return Promise.resolve(jsonResponse(200, { items: entries, total: 2, offset: 0, count: 2 }));
    });
  });

  it("shows who did what, each change before and after, and secrets only as changed", async () => {
    renderRoutes([{ path: "/admin/activity", Component: ActivityPage }], "/admin/activity");
    const rows = (await screen.findAllByRole("row")).slice(1);
    expect(within(rows[0]!).getByRole("link", { name: "Ada Admin" })).toHaveAttribute(
      "href",
      `/admin/activity?actor=${adminId}`,
    );
    expect(within(rows[0]!).getByText("Contact changed")).toBeInTheDocument();
    expect(within(rows[0]!).getByRole("link", { name: "Sam Reader" })).toHaveAttribute(
      "href",
      `/admin/contacts/${contactId}/activity`,
    );
    expect(rows[0]).toHaveTextContent("Reader → becomes Writer");
    // A secret shows once, as changed.
    expect(within(rows[0]!).getAllByText("(changed, not shown)")).toHaveLength(1);
    expect(within(rows[1]!).getByRole("link", { name: "API key: CRM sync" })).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent("Records: 1,200");
  });

  it("names each changed field in the reader's language, and shows a field it has no name for as sent", async () => {
    const entry = {
      ...entries[0]!,
      kind: "notice.update",
      target: "Winter appeal",
      contact: null,
      changes: {
        buttonText: { before: "Give", after: "Give now" },
        newsletterStatus: { before: "none", after: "subscribed" },
        fieldFromLater: { before: null, after: "x" },
      },
    };
    fetchMock.mockImplementation((input) => {
      if (requestUrl(input).includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
      return Promise.resolve(jsonResponse(200, { items: [entry], total: 1, offset: 0, count: 1 }));
    });
    renderRoutes([{ path: "/admin/activity", Component: ActivityPage }], "/admin/activity");
    const [row] = (await screen.findAllByRole("row")).slice(1);
    expect(within(row!).getByText("Notice changed")).toBeInTheDocument();
    const names = within(row!)
      .getAllByRole("term")
      .map((term) => term.textContent);
    expect(names).toEqual(["Button text", "Newsletter status", "fieldFromLater"]);
  });

  it("asks for the person, kind, days and page the address describes, and keeps a new kind in it", async () => {
    renderRoutes(
      [{ path: "/admin/activity", Component: ActivityPage }],
      `/admin/activity?actor=${adminId}&kind=contact.update&from=2026-03-01&to=2026-03-31&page=2`,
    );
    await screen.findByRole("button", { name: /By Ada Admin/ });
    const [query] = activityRequests();
    expect(Object.fromEntries(query!)).toMatchObject({
      limit: "25",
      offset: "25",
      actorId: adminId,
      kind: "contact.update",
    });
    expect(new Date(query!.get("from")!).getDate()).toBe(1);
    expect(new Date(query!.get("to")!).getDate()).toBe(31);

    await userEvent.selectOptions(screen.getByLabelText("What"), "callout.publish");
    const last = activityRequests().at(-1)!;
    expect(last.get("kind")).toBe("callout.publish");
    expect(last.get("offset")).toBe("0");
  });
});
