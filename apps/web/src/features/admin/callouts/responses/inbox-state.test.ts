import { describe, expect, it } from "vitest";
import { bucketRule, inboxList, inboxRules } from "./inbox-state";

describe("inbox state", () => {
  it("reads what the query string holds and falls back on anything odd", () => {
    const state = inboxList.read(new URLSearchParams("bucket=trash&page=3&size=50&sort=number&order=ASC&q=flood"));
    expect(state).toMatchObject({
      bucket: "trash",
      page: 3,
      pageSize: 50,
      sort: "number",
      order: "ASC",
      search: "flood",
    });
    expect(inboxList.read(new URLSearchParams("bucket=spam&page=-1&size=7&sort=contact&rules={"))).toEqual(
      inboxList.defaults,
    );
  });

  it("writes only what differs from the default, so it reads back the same", () => {
    const state = {
      ...inboxList.defaults,
      bucket: "verified" as const,
      rules: { condition: "AND" as const, rules: [{ field: "tags", operator: "is_empty" as const, value: [] }] },
    };
    const params = inboxList.write(state);
    expect([...params.keys()]).toEqual(["bucket", "rules"]);
    expect(inboxList.read(params)).toEqual(state);
    expect(inboxList.write(inboxList.defaults).toString()).toBe("");
  });

  it("keeps one bucket, the inbox being the empty one, and adds the filter and the answer search", () => {
    expect(bucketRule("inbox")).toEqual({ field: "bucket", operator: "is_empty", value: [] });
    expect(bucketRule("verified")).toEqual({ field: "bucket", operator: "equal", value: ["verified"] });
    const filter = {
      condition: "OR" as const,
      rules: [{ field: "answers.s1.age", operator: "greater" as const, value: [30] }],
    };
    expect(inboxRules({ bucket: "trash", rules: filter, search: " flood " })).toEqual({
      condition: "AND",
      rules: [
        { field: "bucket", operator: "equal", value: ["trash"] },
        { condition: "AND", rules: [filter, { field: "answers", operator: "contains", value: ["flood"] }] },
      ],
    });
    expect(inboxRules({ bucket: "inbox", rules: undefined, search: "" }, "verified").rules).toHaveLength(1);
  });
});
