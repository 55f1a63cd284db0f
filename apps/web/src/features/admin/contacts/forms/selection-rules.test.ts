import { describe, expect, it } from "vitest";
import { MAX_RULES_PER_GROUP, ruleGroupSchema } from "@cohort/common/filters";
import { selectedContactsRules } from "./selection-rules";

const id = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;

describe("selectedContactsRules", () => {
  it("matches the selected contacts by id", () => {
    expect(selectedContactsRules([id(1), id(2)])).toEqual({
      condition: "OR",
      rules: [
        { field: "id", operator: "equal", value: [id(1)] },
        { field: "id", operator: "equal", value: [id(2)] },
      ],
    });
  });

  it("splits long selections into groups the API accepts", () => {
    const ids = Array.from({ length: 120 }, (_, index) => id(index));
    const rules = selectedContactsRules(ids);
    expect(rules.rules).toHaveLength(Math.ceil(120 / MAX_RULES_PER_GROUP));
    expect(ruleGroupSchema.safeParse(rules).success).toBe(true);
    expect(JSON.stringify(rules).match(/"field":"id"/g)).toHaveLength(120);
  });
});
