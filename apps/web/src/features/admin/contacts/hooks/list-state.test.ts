import { describe, expect, it } from "vitest";
import type { RuleGroup } from "@cohort/common/filters";
import type { ContactListState } from "./list-state";
import { contactList, listRequest } from "./list-state";

const tagRule: RuleGroup = {
  condition: "AND",
  rules: [{ field: "tags", operator: "contains", value: ["0994f8be-a764-4748-881c-dd28bb281272"] }],
};

describe("contact list state in the query string", () => {
  it("reads an empty query string as the defaults", () => {
    expect(contactList.read(new URLSearchParams())).toEqual(contactList.defaults);
    expect(contactList.write(contactList.defaults).toString()).toBe("");
  });

  it("survives a round trip through the query string", () => {
    const state: ContactListState = {
      page: 3,
      pageSize: 50,
      sort: "email",
      order: "ASC",
      search: "ada lovelace",
      rules: tagRule,
      segmentId: "b3c1e8f0-1111-4a2b-9c3d-222233334444",
    };
    const params = contactList.write(state);
    expect(params.get("page")).toBe("3");
    expect(params.get("size")).toBe("50");
    expect(JSON.parse(params.get("rules") ?? "")).toEqual(tagRule);
    expect(contactList.read(new URLSearchParams(params.toString()))).toEqual(state);
  });

  it("falls back to the default for anything it does not understand", () => {
    const state = contactList.read(
      new URLSearchParams("page=-2&size=33&sort=password&order=sideways&rules=%7Bnope&segment="),
    );
    expect(state).toEqual(contactList.defaults);
    expect(
      contactList.read(new URLSearchParams("rules=" + encodeURIComponent('{"condition":"XOR","rules":[]}'))).rules,
    ).toBeUndefined();
  });

  it("drops an empty rule group", () => {
    const params = contactList.write({ ...contactList.defaults, rules: { condition: "AND", rules: [] } });
    expect(params.has("rules")).toBe(false);
  });
});

describe("listRequest", () => {
  it("turns the page into an offset and keeps sort and segment", () => {
    expect(listRequest({ ...contactList.defaults, page: 3, pageSize: 25, segmentId: "s1" })).toEqual({
      limit: 25,
      offset: 50,
      sort: "joined",
      order: "DESC",
      segmentId: "s1",
    });
  });

  it("sends the filter and the search together", () => {
    const request = listRequest({ ...contactList.defaults, rules: tagRule, search: "ada" });
    expect(request.rules).toEqual({
      condition: "AND",
      rules: [
        tagRule,
        {
          condition: "OR",
          rules: [
            { field: "firstname", operator: "contains", value: ["ada"] },
            { field: "lastname", operator: "contains", value: ["ada"] },
            { field: "email", operator: "contains", value: ["ada"] },
          ],
        },
      ],
    });
  });

  it("sends no rules without a filter or a search", () => {
    expect(listRequest({ ...contactList.defaults, search: "   " }).rules).toBeUndefined();
  });
});
