import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, requestUrl } from "../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../test/harness";
import { riverCallout } from "../../../test/callouts";
import { branchingForm } from "../../../test/callout-forms";
import { CalloutPage } from "./callout-page";
import { CalloutRespondPage } from "./callout-respond-page";
import { CalloutThanksPage } from "./callout-thanks-page";

const KEY = "cohort:callout-draft:river-walk:default";

let posted: unknown[] = [];
let reports: { body: unknown; credentials: RequestCredentials | undefined; keepalive: boolean | undefined }[] = [];

function serve() {
  const callout = riverCallout({ access: "anonymous", formSchema: branchingForm });
  fetchMock.mockImplementation(async (input, init) => {
    const url = requestUrl(input);
    if (url.endsWith("/responses/funnel")) {
      reports.push({
        body: JSON.parse(init?.body as string),
        credentials: init?.credentials,
        keepalive: init?.keepalive,
      });
      return new Response(null, { status: 204 });
    }
    if (init?.method === "POST" && url.includes("/responses")) {
      posted.push(JSON.parse(init.body as string));
      return jsonResponse(200, { id: "5a3c0c8e-1b2d-4e5f-8a9b-0c1d2e3f4a5b" });
    }
    if (url.includes("/contact/me")) return jsonResponse(401, { code: "not-authenticated" });
    if (url.startsWith("/api/1.0/callout/river-walk?")) return jsonResponse(200, callout);
    return jsonResponse(404, { code: "not-found" });
  });
}

/** Opens the page afresh, as a reload does: nothing of the last render is left but the tab's storage. */
function load(path = "/callouts/river-walk/respond") {
  cleanup();
  renderRoutes(
    [
      {
        path: "/callouts/:id",
        Component: CalloutPage,
        children: [
          { path: "respond", Component: CalloutRespondPage },
          { path: "thanks", Component: CalloutThanksPage },
        ],
      },
    ],
    path,
  );
}

const storedDraft = () => sessionStorage.getItem(KEY);

/** Answers the first slide and the one it leads to, and waits until the draft is written. */
async function answerTwoSlides() {
  await userEvent.type(await screen.findByLabelText(/Your name/), "Sam");
  await userEvent.click(screen.getByLabelText("Yes"));
  await userEvent.click(screen.getByRole("button", { name: "Continue" }));
  await userEvent.selectOptions(await screen.findByLabelText("Where were you?"), "online");
  await vi.waitFor(() => expect(storedDraft()).toContain("online"));
}

stubFetch();
beforeEach(() => {
  posted = [];
  reports = [];
  serve();
});
afterEach(() => {
  // Leaving the page writes what was pending: unmount before forgetting the drafts.
  cleanup();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe("a draft of the answers", () => {
  it("comes back after a reload, on the slide the reader was on", async () => {
    load();
    await answerTwoSlides();

    load();
    expect(await screen.findByText("We kept the answers you had already given.")).toBeInTheDocument();
    expect(screen.getByText("Step 2 of 3")).toBeInTheDocument();
    expect(screen.getByLabelText("Where were you?")).toHaveValue("online");
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(screen.getByLabelText(/Your name/)).toHaveValue("Sam");
    expect(screen.getByLabelText("Yes")).toBeChecked();
  });

  it("is kept when the page is hidden, without waiting for typing to pause", async () => {
    load();
    await userEvent.type(await screen.findByLabelText(/Your name/), "Sam");
    window.dispatchEvent(new Event("pagehide"));
    expect(JSON.parse(storedDraft() ?? "null")).toEqual({ answers: { about: { name: "Sam" } }, path: ["about"] });
  });

  it("can be thrown away to start over", async () => {
    load();
    await answerTwoSlides();
    load();
    await userEvent.click(await screen.findByRole("button", { name: "Start over" }));

    expect(screen.queryByText("We kept the answers you had already given.")).not.toBeInTheDocument();
    expect(screen.getByText("Step 1 of 3")).toBeInTheDocument();
    expect(screen.getByLabelText(/Your name/)).toHaveValue("");
    await vi.waitFor(() => expect(screen.getByLabelText(/Your name/)).toHaveFocus());
    expect(storedDraft()).toBeNull();
  });

  it("is cleared once the answers are sent", async () => {
    load();
    await answerTwoSlides();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.type(await screen.findByLabelText("Anything else?"), "Busy on Sundays");
    await userEvent.click(screen.getByRole("button", { name: "Send my answer" }));
    expect(await screen.findByRole("heading", { name: "Thanks a lot" })).toBeInTheDocument();
    expect(posted).toMatchObject([{ answers: { details: { where: "online" }, end: { comment: "Busy on Sundays" } } }]);
    expect(storedDraft()).toBeNull();

    load();
    expect(await screen.findByLabelText(/Your name/)).toHaveValue("");
    expect(screen.queryByText("We kept the answers you had already given.")).not.toBeInTheDocument();
  });

  it("does not come back over answers given in the link, nor is it replaced by them", async () => {
    const draft = JSON.stringify({ answers: { about: { name: "Sam" } }, path: ["about"] });
    sessionStorage.setItem(KEY, draft);
    load(`/callouts/river-walk/respond?answers=${encodeURIComponent('{"about":{"name":"Alex"}}')}`);

    const name = await screen.findByLabelText(/Your name/);
    expect(name).toHaveValue("Alex");
    expect(screen.queryByText("We kept the answers you had already given.")).not.toBeInTheDocument();
    await userEvent.type(name, " Smith");
    window.dispatchEvent(new Event("pagehide"));
    expect(storedDraft()).toBe(draft);
  });

  it("is not offered when nothing was typed", async () => {
    load();
    await userEvent.type(await screen.findByLabelText(/Your name/), "x");
    await userEvent.clear(screen.getByLabelText(/Your name/));
    window.dispatchEvent(new Event("pagehide"));
    expect(storedDraft()).toBeNull();
  });

  it("leaves the form working where storage is blocked", async () => {
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new DOMException("Blocked", "SecurityError");
    });
    load();
    await userEvent.type(await screen.findByLabelText(/Your name/), "Sam");
    window.dispatchEvent(new Event("pagehide"));
    await userEvent.click(screen.getByLabelText("No"));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await userEvent.click(await screen.findByRole("button", { name: "Send my answer" }));
    expect(await screen.findByRole("heading", { name: "Thanks a lot" })).toBeInTheDocument();
  });

  it("leaves the form working where storage is full", async () => {
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new DOMException("Full", "QuotaExceededError");
    });
    load();
    await userEvent.type(await screen.findByLabelText(/Your name/), "Sam");
    window.dispatchEvent(new Event("pagehide"));
    expect(storedDraft()).toBeNull();
    expect(screen.getByLabelText(/Your name/)).toHaveValue("Sam");
  });
});

describe("how far a visit gets in the form", () => {
  it("is reported once per stage, without cookies, and only as the visit gets further", async () => {
    load();
    await userEvent.type(await screen.findByLabelText(/Your name/), "Sam");
    await userEvent.click(screen.getByLabelText("Yes"));
    await userEvent.click(screen.getByRole("button", { name: "Continue" }));
    await screen.findByLabelText("Where were you?");
    // Going back and on again reaches no slide further than before.
    await userEvent.click(screen.getByRole("button", { name: "Back" }));
    await userEvent.click(await screen.findByRole("button", { name: "Continue" }));
    await userEvent.selectOptions(await screen.findByLabelText("Where were you?"), "online");
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText("Step 3 of 3");

    expect(reports.map((report) => report.body)).toEqual([
      { stage: "opened" },
      { stage: "started" },
      { stage: "slide", slideId: "details" },
      { stage: "slide", slideId: "end" },
    ]);
    expect(reports.every((report) => report.credentials === "omit" && report.keepalive)).toBe(true);
    // The reports carry no answers, and a reload starts a new visit.
    load();
    await screen.findByText("Step 3 of 3");
    expect(reports.slice(4).map((report) => report.body)).toEqual([
      { stage: "opened" },
      { stage: "slide", slideId: "end" },
    ]);
  });
});
