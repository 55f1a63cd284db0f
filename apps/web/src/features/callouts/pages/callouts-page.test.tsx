import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { RuleGroup } from "@cohort/common/filters";
import { jsonResponse, requestUrl } from "../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../test/harness";
import { CalloutsPage } from "./callouts-page";

function callout(title: string, status: "open" | "ended", hasAnswered: boolean) {
  return {
    id: crypto.randomUUID(),
    slug: title.toLowerCase().replace(/\W+/g, "-"),
    title,
    excerpt: "",
    image: "",
    starts: "2024-01-01T00:00:00.000Z",
    expires: status === "ended" ? "2024-02-01T00:00:00.000Z" : null,
    access: "member",
    captcha: "none",
    allowUpdate: false,
    allowMultiple: false,
    status,
    hasAnswered,
  };
}

const listCalls = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(requestUrl(input), "http://localhost"))
    .filter((url) => url.pathname.endsWith("/callout"))
    .map((url) => ({
      sort: url.searchParams.get("sort"),
      offset: url.searchParams.get("offset"),
      rules: JSON.parse(url.searchParams.get("rules") ?? "{}") as RuleGroup,
    }));

function renderPage(path = "/callouts") {
  renderRoutes([{ path: "/callouts", Component: CalloutsPage }], path);
}

describe("CalloutsPage", () => {
  stubFetch();
  beforeEach(() => {
    fetchMock.mockImplementation((input) => {
      const url = new URL(requestUrl(input), "http://localhost");
      const rules = JSON.parse(url.searchParams.get("rules") ?? "{}") as RuleGroup;
      const isEnded = JSON.stringify(rules).includes('"ended"');
      const items = isEnded
        ? [callout("Election night", "ended", true)]
        : [callout("River walks", "open", true), callout("School meals", "open", false)];
      const title = JSON.stringify(rules).includes('"contains"');
      const shown = title ? [] : items;
      return Promise.resolve(
        jsonResponse(200, { items: shown, total: title ? 0 : 25, offset: 0, count: shown.length }),
      );
    });
  });
  it("lists the open callouts with the member's answered mark, then the archive of ended ones", async () => {
    renderPage();
    expect(await screen.findByRole("link", { name: "River walks" })).toBeInTheDocument();
    expect(screen.getAllByText("Answered")).toHaveLength(1);
    expect(listCalls()[0]).toMatchObject({
      sort: "starts",
      rules: { rules: expect.arrayContaining([{ field: "status", operator: "equal", value: ["open"] }]) as unknown },
    });

    await userEvent.click(screen.getByRole("link", { name: "Archive" }));
    expect(await screen.findByRole("link", { name: "Election night" })).toBeInTheDocument();
    expect(listCalls().at(-1)).toMatchObject({
      sort: "expires",
      rules: { rules: expect.arrayContaining([{ field: "status", operator: "equal", value: ["ended"] }]) as unknown },
    });
    expect(screen.getByRole("link", { name: "Archive" })).toHaveAttribute("aria-current", "page");
  });

  it("pages through the list and searches by title", async () => {
    renderPage();
    await screen.findByRole("link", { name: "River walks" });
    await userEvent.click(screen.getByRole("button", { name: "Older" }));
    await vi.waitFor(() => expect(listCalls().at(-1)?.offset).not.toBe("0"));

    await userEvent.type(screen.getByRole("searchbox", { name: "Search by title" }), "budget{Enter}");
    expect(await screen.findByText("No callouts with that title")).toBeInTheDocument();
    expect(listCalls().at(-1)).toMatchObject({
      offset: "0",
      rules: {
        rules: expect.arrayContaining([{ field: "title", operator: "contains", value: ["budget"] }]) as unknown,
      },
    });
  });
});
