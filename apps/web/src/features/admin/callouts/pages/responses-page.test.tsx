import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import {
  admin,
  calloutId,
  page,
  renderCalloutPage,
  response,
  reviewer,
  tagFollowUp,
} from "../../../../test/inbox-fixtures";
import { ResponsesPage } from "./responses-page";
import { fetchMock, stubFetch } from "../../../../test/harness";

let user = admin;

function calls(method: string, pathEnd: string) {
  return fetchMock.mock.calls
    .filter(
      ([input, init]) =>
        (init?.method ?? "GET") === method && new URL(requestUrl(input), "http://x").pathname.endsWith(pathEnd),
    )
    .map(([input, init]) => ({
      url: new URL(requestUrl(input), "http://x"),
      body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    }));
}

function renderInbox(path = `/admin/callouts/view/${calloutId}/responses`) {
  return renderCalloutPage(path, <ResponsesPage />, "responses");
}

describe("ResponsesPage", () => {
  stubFetch();
  beforeEach(() => {
    user = admin;
    fetchMock.mockImplementation((input, init) => {
      const url = new URL(requestUrl(input), "http://x");
      if (url.pathname.endsWith("/contact/me")) return Promise.resolve(jsonResponse(200, user));
      if (url.pathname.endsWith("/reviewers")) {
        return Promise.resolve(jsonResponse(200, [{ id: tagFollowUp.id, contact: reviewer }]));
      }
      if (url.pathname.endsWith("/tags")) {
        return Promise.resolve(jsonResponse(200, [{ ...tagFollowUp, responseCount: 1 }]));
      }
      if (url.pathname === "/api/1.0/callout-responses" && init?.method === "PATCH") {
        return Promise.resolve(jsonResponse(200, { affected: 1 }));
      }
      if (url.pathname.endsWith("/responses")) {
        const rules = url.searchParams.get("rules") ?? "";
        if (url.searchParams.get("limit") === "1") {
          return Promise.resolve(
            jsonResponse(200, page([], rules.includes("is_empty") ? 2 : rules.includes("trash") ? 0 : 5)),
          );
        }
        return Promise.resolve(jsonResponse(200, page([response(1, { tags: [tagFollowUp] }), response(2)])));
      }
      return Promise.resolve(jsonResponse(404, { httpCode: 404, name: "NotFoundError" }));
    });
  });

  afterEach(() => {
    window.localStorage.clear();
  });

  it("lists the inbox with the first answers as columns and counts per bucket", async () => {
    renderInbox();
    expect(await screen.findByRole("link", { name: "Open response #1" }, { timeout: 5000 })).toHaveAttribute(
      "href",
      `/admin/callouts/view/${calloutId}/responses/${response(1).id}`,
    );
    const table = screen.getByRole("table", { name: "Responses" });
    for (const header of ["What happened?", "District", "Sent by", "Tags", "Latest comment"]) {
      expect(within(table).getByRole("columnheader", { name: new RegExp(header) })).toBeInTheDocument();
    }
    expect(within(table).queryByRole("columnheader", { name: "Age" })).not.toBeInTheDocument();
    expect(within(table).getAllByText("South side")).toHaveLength(2);
    expect(within(table).getByText("Follow up")).toBeInTheDocument();

    const list = calls("GET", "/responses").find(({ url }) => url.searchParams.get("limit") === "25");
    expect(list?.url.searchParams.getAll("with")).toEqual(["answers", "contact", "assignee", "tags", "latestComment"]);
    expect(JSON.parse(list?.url.searchParams.get("rules") ?? "")).toEqual({
      condition: "AND",
      rules: [{ field: "bucket", operator: "is_empty", value: [] }],
    });
    const tabs = screen.getByRole("navigation", { name: "Buckets" });
    await waitFor(() =>
      expect(within(tabs).getByRole("link", { name: /Inbox\s*2/ })).toHaveAttribute("aria-current", "page"),
    );
    expect(within(tabs).getByRole("link", { name: /Verified\s*5/ })).toHaveAttribute(
      "href",
      expect.stringContaining("bucket=verified"),
    );
    expect(within(tabs).getByRole("link", { name: /Trash\s*0/ })).toBeInTheDocument();
  });

  it("hides who answered from reviewers", async () => {
    user = reviewer;
    renderInbox();
    const table = await screen.findByRole("table", { name: "Responses" }, { timeout: 5000 });
    await screen.findByRole("link", { name: "Open response #1" }, { timeout: 5000 });
    expect(within(table).queryByRole("columnheader", { name: "Sent by" })).not.toBeInTheDocument();
  });

  it("remembers the chosen answer columns for the callout", async () => {
    renderInbox();
    await screen.findByRole("link", { name: "Open response #1" }, { timeout: 5000 });
    await userEvent.click(screen.getByRole("button", { name: "Answer columns" }));
    const dialog = screen.getByRole("dialog", { name: "Answers shown in the table" });
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "What happened?" }));
    await userEvent.click(within(dialog).getByRole("checkbox", { name: "Age" }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Show these answers" }));
    const table = screen.getByRole("table", { name: "Responses" });
    expect(within(table).getByRole("columnheader", { name: "Age" })).toBeInTheDocument();
    expect(within(table).queryByRole("columnheader", { name: "What happened?" })).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(`cohort.inbox.columns.${calloutId}`) ?? "")).toEqual([
      "s1.district",
      "s1.age",
    ]);
  });

  it("filters by an answer with the visual filter builder", async () => {
    const router = renderInbox();
    await screen.findByRole("link", { name: "Open response #1" }, { timeout: 5000 });
    await userEvent.click(screen.getByRole("button", { name: /^Filter/ }));
    await userEvent.click(screen.getByRole("button", { name: "Add rule" }));
    const field = screen.getByRole("combobox", { name: "Field" });
    expect(within(field).getByRole("group", { name: "Answers" })).toBeInTheDocument();
    await userEvent.selectOptions(field, "answers.s1.district");
    await userEvent.selectOptions(screen.getByRole("combobox", { name: "Value for District" }), "North");
    await userEvent.click(screen.getByRole("button", { name: "Apply" }));
    await waitFor(() => expect(router.state.location.search).toContain("rules="));
    const rules = new URLSearchParams(router.state.location.search).get("rules");
    expect(JSON.parse(rules ?? "")).toEqual({
      condition: "AND",
      rules: [{ field: "answers.s1.district", operator: "equal", value: ["north"] }],
    });
  });

  it("moves the selected responses after confirmation, within this callout only", async () => {
    renderInbox();
    await userEvent.click(await screen.findByRole("checkbox", { name: "Select response #2" }, { timeout: 5000 }));
    const bar = screen.getByRole("region", { name: "Change the selected responses" });
    expect(within(bar).getByText("Selected: 1")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Export 1 selected as CSV" }));
    await waitFor(() => expect(calls("GET", `/callout/${calloutId}/responses.csv`)).toHaveLength(1));
    expect(calls("GET", "/responses.csv")[0]?.url.searchParams.get("rules")).toContain('"operator":"equal"');
    await userEvent.click(within(bar).getByRole("button", { name: "Move" }));
    const dialog = screen.getByRole("dialog", { name: "Move the responses" });
    await userEvent.selectOptions(within(dialog).getByRole("combobox", { name: "Move to" }), "Trash");
    expect(calls("PATCH", "/callout-responses")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply to the selection (1)" }));
    await waitFor(() => expect(calls("PATCH", "/callout-responses")).toHaveLength(1));
    expect(calls("PATCH", "/callout-responses")[0]?.body).toEqual({
      rules: {
        condition: "AND",
        rules: [
          { field: "calloutId", operator: "equal", value: [calloutId] },
          { condition: "OR", rules: [{ field: "id", operator: "equal", value: [response(2).id] }] },
        ],
      },
      updates: { bucket: "trash" },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });

  it("offers every matching response once the whole page is selected, and tags them all", async () => {
    renderInbox();
    await screen.findByRole("link", { name: "Open response #1" }, { timeout: 5000 });
    await userEvent.click(screen.getByRole("checkbox", { name: "Select every response on this page" }));
    expect(screen.queryByRole("button", { name: /Select all .* matching/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Add tag" }));
    const dialog = screen.getByRole("dialog", { name: "Add a tag to the responses" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply to the selection (2)" }));
    expect(within(dialog).getByText("Choose one first.")).toBeInTheDocument();
    await userEvent.selectOptions(within(dialog).getByRole("combobox", { name: "Tag" }), "Follow up");
    await userEvent.click(within(dialog).getByRole("button", { name: "Apply to the selection (2)" }));
    await waitFor(() =>
      expect(calls("PATCH", "/callout-responses")[0]?.body.updates).toEqual({ tags: [`+${tagFollowUp.id}`] }),
    );
  });
});
