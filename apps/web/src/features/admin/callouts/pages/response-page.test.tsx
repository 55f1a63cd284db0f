import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { admin, calloutId, page, renderCalloutPage, response, reviewer } from "../../../../test/inbox-fixtures";
import { ResponsePage } from "./response-page";
import { fetchMock, stubFetch } from "../../../../test/harness";

let user = admin;
const current = response(2, {
  assignee: null,
  contact: { ...admin, id: "2e3d4c5b-6a7f-4e8d-8c9b-1a2b3c4d5e6f", firstname: "Gina", lastname: "Guest" },
  attribution: { utmSource: "newsletter", ref: "ada" },
});
const older = response(1);
const newer = response(3);
const comments = [
  {
    id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c61",
    responseId: current.id,
    text: '<p>Good lead<img src="x" onerror="alert(1)"></p>',
    contact: admin,
    createdAt: "2026-11-22T10:00:00.000Z",
    updatedAt: "2026-11-22T10:00:00.000Z",
  },
  {
    id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c62",
    responseId: current.id,
    text: "<p>I can call her</p>",
    contact: reviewer,
    createdAt: "2026-11-22T11:00:00.000Z",
    updatedAt: "2026-11-22T11:00:00.000Z",
  },
];

function sent(method: string, pathEnd: string) {
  return fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? "GET") === method && requestUrl(input).split("?")[0]!.endsWith(pathEnd))
    .map(([, init]) => (typeof init?.body === "string" ? JSON.parse(init.body) : undefined));
}

function renderResponse() {
  return renderCalloutPage(
    `/admin/callouts/view/${calloutId}/responses/${current.id}?q=flood`,
    <ResponsePage />,
    "responses/:rid",
  );
}

describe("ResponsePage", () => {
  stubFetch();
  beforeEach(() => {
    user = admin;
    fetchMock.mockImplementation((input, init) => {
      const url = new URL(requestUrl(input), "http://x");
      const method = init?.method ?? "GET";
      if (url.pathname.endsWith("/contact/me")) return Promise.resolve(jsonResponse(200, user));
      if (url.pathname.endsWith("/reviewers")) return Promise.resolve(jsonResponse(200, []));
      if (url.pathname.endsWith("/tags")) return Promise.resolve(jsonResponse(200, []));
      if (url.pathname.endsWith(`/callout-responses/${current.id}`)) {
        return Promise.resolve(method === "GET" ? jsonResponse(200, current) : jsonResponse(200, current));
      }
      if (url.pathname.endsWith("/callout-response-comments")) {
        return Promise.resolve(method === "GET" ? jsonResponse(200, page(comments)) : jsonResponse(200, comments[0]));
      }
      if (url.pathname.includes("/callout-response-comments/")) {
        return Promise.resolve(new Response(null, { status: 204 }));
      }
      if (url.pathname.endsWith("/responses")) {
        const rules = url.searchParams.get("rules") ?? "";
        if (rules.includes('"greater"')) return Promise.resolve(jsonResponse(200, page([newer], 4)));
        if (rules.includes('"less"')) return Promise.resolve(jsonResponse(200, page([older], 1)));
        return Promise.resolve(jsonResponse(200, page([newer], 6)));
      }
      return Promise.resolve(jsonResponse(404, { httpCode: 404, name: "NotFoundError" }));
    });
  });

  it("shows every answer as text, files as thumbnails, and where the response sits in its bucket", async () => {
    renderResponse();
    expect(await screen.findByRole("heading", { name: "Response #2" }, { timeout: 5000 })).toBeInTheDocument();
    expect(await screen.findByText("5 of 6 in Inbox", {}, { timeout: 5000 })).toBeInTheDocument();
    const answers = screen.getByRole("region", { name: "Answers" });
    expect(within(answers).getByText("South side")).toBeInTheDocument();
    expect(within(answers).getByText("42")).toBeInTheDocument();
    expect(within(answers).getByRole("img", { name: "Uploaded file a.jpg" })).toHaveAttribute("src", "/uploads/a.jpg");
    expect(screen.getByRole("link", { name: "Gina Guest" })).toHaveAttribute(
      "href",
      expect.stringContaining("/admin/contacts/"),
    );
    expect(screen.getByRole("button", { name: /Next/ })).toHaveAttribute("aria-keyshortcuts", "J");
    // The campaign fields of the link it was answered from, only those it came with (decision 074).
    expect(screen.getByText("Source (utm_source)").nextElementSibling).toHaveTextContent("newsletter");
    expect(screen.getByText("Referral (ref)").nextElementSibling).toHaveTextContent("ada");
    expect(screen.queryByText("Medium (utm_medium)")).not.toBeInTheDocument();
  });

  it("prompts for a tag even while the callout has none to offer", async () => {
    renderResponse();
    await screen.findByText("5 of 6 in Inbox", {}, { timeout: 5000 });
    const select = screen.getByRole("combobox", { name: "Tag to add" });
    await waitFor(() => expect(select).toBeEnabled());
    expect(select).toHaveDisplayValue("Choose a tag…");
  });

  it("walks to the neighbours and triages with keys", async () => {
    const router = renderResponse();
    await screen.findByText("5 of 6 in Inbox", {}, { timeout: 5000 });
    await userEvent.keyboard("j");
    await waitFor(() => expect(router.state.location.pathname).toContain(older.id));
    expect(router.state.location.search).toBe("?q=flood");
  });

  it("moves to verified with V, then opens the next response", async () => {
    const router = renderResponse();
    await screen.findByText("5 of 6 in Inbox", {}, { timeout: 5000 });
    await userEvent.keyboard("v");
    await waitFor(() => expect(sent("PATCH", `/callout-responses/${current.id}`)).toEqual([{ bucket: "verified" }]));
    await waitFor(() => expect(router.state.location.pathname).toContain(older.id));
  });

  it("assigns to me with A, but not while typing a comment", async () => {
    renderResponse();
    await screen.findByText("5 of 6 in Inbox", {}, { timeout: 5000 });
    await userEvent.type(screen.getByRole("textbox", { name: "Add a comment" }), "a");
    expect(sent("PATCH", `/callout-responses/${current.id}`)).toHaveLength(0);
    await userEvent.click(screen.getByRole("heading", { name: "Response #2" }));
    await userEvent.keyboard("a");
    await waitFor(() => expect(sent("PATCH", `/callout-responses/${current.id}`)).toEqual([{ assigneeId: admin.id }]));
  });

  it("keeps comment HTML safe, posts new comments as HTML and lets authors edit only their own", async () => {
    renderResponse();
    const thread = await screen.findByRole("region", { name: /Comments/ }, { timeout: 5000 });
    await within(thread).findByText("Good lead");
    expect(thread.querySelector("[onerror]")).toBeNull();
    const [mine, theirs] = within(thread).getAllByRole("article");
    expect(within(mine!).getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(within(theirs!).queryByRole("button", { name: "Edit" })).not.toBeInTheDocument();
    expect(within(theirs!).getByRole("button", { name: "Delete" })).toBeInTheDocument();

    await userEvent.type(screen.getByRole("textbox", { name: "Add a comment" }), "Call <her>");
    await userEvent.click(screen.getByRole("button", { name: "Post comment" }));
    await waitFor(() =>
      expect(sent("POST", "/callout-response-comments")).toEqual([
        { responseId: current.id, text: "<p>Call &lt;her&gt;</p>" },
      ]),
    );

    await userEvent.click(within(theirs!).getByRole("button", { name: "Delete" }));
    const dialog = screen.getByRole("dialog", { name: "Delete this comment?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(sent("DELETE", `/callout-response-comments/${comments[1]!.id}`)).toHaveLength(1));
  });

  it("lets reviewers triage and comment but neither edit answers nor delete others' comments", async () => {
    user = reviewer;
    renderResponse();
    const thread = await screen.findByRole("region", { name: /Comments/ }, { timeout: 5000 });
    await within(thread).findByText("Good lead");
    expect(screen.queryByRole("button", { name: "Edit the answers" })).not.toBeInTheDocument();
    const [theirs, mine] = within(thread).getAllByRole("article");
    expect(within(theirs!).queryByRole("button", { name: "Delete" })).not.toBeInTheDocument();
    expect(within(mine!).getByRole("button", { name: "Edit" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: /Verified/ })).toBeEnabled();
  });
});
