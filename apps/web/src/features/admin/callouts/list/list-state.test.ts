import { describe, expect, it } from "vitest";
import { calloutList, listRequest, nextSort } from "./list-state";

describe("callout list state", () => {
  it("reads the tab, search, page and sort from the query string", () => {
    const state = calloutList.read(new URLSearchParams("status=open&q=bike&page=3&sort=title&order=ASC"));
    expect(state).toEqual({ tab: "open", search: "bike", page: 3, pageSize: 25, sort: "title", order: "ASC" });
    expect(calloutList.write(state).toString()).toBe("status=open&q=bike&sort=title&order=ASC&page=3");
  });

  it("falls back to the defaults for anything odd", () => {
    expect(calloutList.read(new URLSearchParams("status=gone&page=-1&sort=id&order=up&size=7"))).toEqual(
      calloutList.defaults,
    );
    expect(calloutList.write(calloutList.defaults).toString()).toBe("");
  });

  it("asks admins for counts and everyone else for the callouts they review", () => {
    const state = { ...calloutList.defaults, tab: "draft" as const, search: " bike ", page: 2 };
    expect(listRequest(state, true)).toEqual({
      limit: 25,
      offset: 25,
      sort: "starts",
      order: "DESC",
      withResponseCount: true,
      rules: {
        condition: "AND",
        rules: [
          { field: "status", operator: "equal", value: ["draft"] },
          { field: "title", operator: "contains", value: ["bike"] },
        ],
      },
    });
    const reviewer = listRequest(calloutList.defaults, false);
    expect(reviewer.withResponseCount).toBe(false);
    expect(reviewer.rules.rules).toEqual([{ field: "canReview", operator: "equal", value: [true] }]);
  });

  it("sorts titles A to Z and dates newest first, then flips", () => {
    expect(nextSort(calloutList.defaults, "title")).toEqual({ sort: "title", order: "ASC" });
    expect(nextSort(calloutList.defaults, "expires")).toEqual({ sort: "expires", order: "DESC" });
    expect(nextSort(calloutList.defaults, "starts")).toEqual({ sort: "starts", order: "ASC" });
  });
});
