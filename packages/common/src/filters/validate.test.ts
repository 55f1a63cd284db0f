import { describe, expect, it } from "vitest";
import { contactFilterFields } from "./contacts.js";
import { operatorsFor } from "./fields.js";
import { ruleGroupQuerySchema } from "./grammar.js";
import { InvalidRuleError, validateRuleGroup } from "./validate.js";

const context = { now: new Date("2026-01-10T00:00:00Z"), contactId: "7d1f8a4e-2b3c-4d5e-8f90-a1b2c3d4e5f6" };

describe("rule groups", () => {
  it("parse from the query string's JSON", () => {
    const parsed = ruleGroupQuerySchema.parse(
      '{"condition":"AND","rules":[{"field":"email","operator":"contains","value":["x"]}]}',
    );
    expect(parsed.rules).toHaveLength(1);
    expect(ruleGroupQuerySchema.safeParse("{").success).toBe(false);
    expect(
      ruleGroupQuerySchema.safeParse('{"condition":"AND","rules":[{"field":"email","operator":"like","value":[]}]}')
        .success,
    ).toBe(false);
  });

  it("validate nested groups and resolve `me`", () => {
    const result = validateRuleGroup(
      { condition: "OR", rules: [{ condition: "AND", rules: [{ field: "id", operator: "equal", value: ["me"] }] }] },
      contactFilterFields,
      context,
    );
    expect(result).toMatchObject({ rules: [{ rules: [{ type: "contact", values: [context.contactId] }] }] });
  });

  it("name the offending rule", () => {
    const rule = { field: "joined", operator: "contains" as const, value: ["2024"] };
    try {
      validateRuleGroup({ condition: "AND", rules: [rule] }, contactFilterFields, context);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidRuleError);
      expect((error as InvalidRuleError).rule).toBe(rule);
    }
  });

  it("offer every type its operators, and emptiness only when a field can be empty", () => {
    expect(operatorsFor({ type: "text" })).toContain("is_empty");
    expect(operatorsFor({ type: "number" })).not.toContain("is_empty");
    expect(operatorsFor({ type: "number", nullable: true })).toContain("is_empty");
    expect(operatorsFor({ type: "array" })).toEqual(["contains", "not_contains", "is_empty", "is_not_empty"]);
    expect(operatorsFor({ type: "boolean" })).toEqual(["equal"]);
  });
});
