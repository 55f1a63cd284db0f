import { describe, expect, it } from "vitest";
import type { RuleGroup } from "@cohort/common/filters";
import type { DraftGroup, DraftRule } from "./filter-draft";
import {
  addItem,
  countRules,
  emptyGroup,
  emptyRule,
  fromDraft,
  isRuleComplete,
  removeItem,
  toDraft,
  updateItem,
  withField,
  withOperator,
} from "./filter-draft";

const rule = (field: string): DraftRule => withField(emptyRule(), field);

describe("editing a rule", () => {
  it("gives a new field its first operator and a starting value", () => {
    expect(rule("newsletterStatus")).toMatchObject({ operator: "equal", values: ["subscribed"] });
    expect(rule("deliveryOptIn")).toMatchObject({ operator: "equal", values: [true] });
    expect(rule("joined")).toMatchObject({ operator: "equal", values: [null] });
    expect(rule("tags")).toMatchObject({ operator: "contains", values: [null] });
  });

  it("keeps values where the new operator has room for them", () => {
    const joined = { ...rule("joined"), values: ["2026-01-01"] };
    expect(withOperator(joined, "between").values).toEqual(["2026-01-01", null]);
    expect(withOperator(joined, "is_empty").values).toEqual([]);
  });

  it("knows when a rule is complete", () => {
    expect(isRuleComplete(rule("joined"))).toBe(false);
    expect(isRuleComplete({ ...rule("joined"), values: ["$now(d:-7)"] })).toBe(true);
    expect(isRuleComplete({ ...rule("contributionMonthlyAmount"), values: [5] })).toBe(true);
    expect(isRuleComplete({ ...rule("contributionMonthlyAmount"), values: ["5"] })).toBe(false);
    expect(isRuleComplete(emptyRule())).toBe(false);
    expect(isRuleComplete({ ...rule("firstname"), operator: "less" })).toBe(false);
  });
});

describe("from the draft to a rule group", () => {
  it("builds nested groups and leaves out groups that stayed empty", () => {
    let draft: DraftGroup = emptyGroup();
    const tags = { ...rule("tags"), values: ["0994f8be-a764-4748-881c-dd28bb281272"] };
    const joined = { ...withOperator(rule("joined"), "greater_or_equal"), values: ["$now(y:-1)"] };
    const nested = emptyGroup("OR");
    const empty = emptyGroup();
    draft = addItem(draft, draft.key, tags);
    draft = addItem(draft, draft.key, nested);
    draft = addItem(draft, nested.key, joined);
    draft = addItem(draft, nested.key, { ...rule("activeMembership"), values: [false] });
    draft = addItem(draft, draft.key, empty);

    expect(fromDraft(draft)).toEqual({
      incomplete: [],
      group: {
        condition: "AND",
        rules: [
          { field: "tags", operator: "contains", value: ["0994f8be-a764-4748-881c-dd28bb281272"] },
          {
            condition: "OR",
            rules: [
              { field: "joined", operator: "greater_or_equal", value: ["$now(y:-1)"] },
              { field: "activeMembership", operator: "equal", value: [false] },
            ],
          },
        ],
      },
    });
  });

  it("reports the rules that still miss something", () => {
    const unfinished = rule("email");
    const draft = addItem(emptyGroup(), "missing", unfinished);
    const withRule = { ...draft, items: [unfinished] };
    expect(fromDraft(withRule).incomplete).toEqual([unfinished.key]);
  });

  it("reads a rule group back into a draft", () => {
    const group: RuleGroup = {
      condition: "OR",
      rules: [
        { field: "email", operator: "ends_with", value: ["@example.org"] },
        { condition: "AND", rules: [{ field: "contributionMonthlyAmount", operator: "between", value: [5, 10] }] },
      ],
    };
    const draft = toDraft(group);
    expect(draft.items.map((item) => item.kind)).toEqual(["rule", "group"]);
    expect(fromDraft(draft)).toEqual({ group, incomplete: [] });
    expect(countRules(group)).toBe(2);
  });

  it("updates and removes items at any depth", () => {
    const inner = rule("firstname");
    const nested = { ...emptyGroup(), items: [inner] };
    const draft = { ...emptyGroup(), items: [nested] };
    const renamed = updateItem(draft, inner.key, (item) => ({ ...item, values: ["Ada"] }) as DraftRule);
    expect(fromDraft(renamed).group.rules).toEqual([
      { condition: "AND", rules: [{ field: "firstname", operator: "equal", value: ["Ada"] }] },
    ]);
    expect(removeItem(renamed, inner.key).items).toEqual([{ ...nested, items: [] }]);
  });
});
