import { describe, expect, it } from "vitest";
import { ruleGroupSchema } from "@cohort/common/filters";
import { combineRules, searchRules } from "./search-rules";

describe("searchRules", () => {
  it("looks for one word in first name, last name and email", () => {
    expect(searchRules("  Okafor ")).toEqual({
      condition: "OR",
      rules: [
        { field: "firstname", operator: "contains", value: ["Okafor"] },
        { field: "lastname", operator: "contains", value: ["Okafor"] },
        { field: "email", operator: "contains", value: ["Okafor"] },
      ],
    });
  });

  it("needs every word of a longer search to match somewhere", () => {
    const rules = searchRules("hana okafor");
    expect(rules?.condition).toBe("AND");
    expect(rules?.rules).toHaveLength(2);
    expect(rules?.rules[1]).toMatchObject({ condition: "OR", rules: [{ value: ["okafor"] }, {}, {}] });
    expect(ruleGroupSchema.safeParse(rules).success).toBe(true);
  });

  it("adds nothing for an empty search", () => {
    expect(searchRules("")).toBeUndefined();
    expect(searchRules(" \t ")).toBeUndefined();
  });
});

describe("combineRules", () => {
  const a = { condition: "OR" as const, rules: [{ field: "email", operator: "contains" as const, value: ["a"] }] };

  it("returns a single group as it is and joins several with AND", () => {
    expect(combineRules(undefined, a)).toBe(a);
    expect(combineRules(a, { condition: "AND", rules: [] }, a)).toEqual({ condition: "AND", rules: [a, a] });
    expect(combineRules(undefined, { condition: "AND", rules: [] })).toBeUndefined();
  });
});
