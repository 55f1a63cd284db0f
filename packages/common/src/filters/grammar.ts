import { z } from "zod";
import { findUnsafeInput, unsafeInputMessages } from "../http/input.js";

export const operators = [
  "equal",
  "not_equal",
  "less",
  "less_or_equal",
  "greater",
  "greater_or_equal",
  "between",
  "not_between",
  "begins_with",
  "not_begins_with",
  "contains",
  "not_contains",
  "ends_with",
  "not_ends_with",
  "is_empty",
  "is_not_empty",
] as const;
export type Operator = (typeof operators)[number];

/** How many values each operator takes. */
export const operatorArity: Record<Operator, number> = {
  equal: 1,
  not_equal: 1,
  less: 1,
  less_or_equal: 1,
  greater: 1,
  greater_or_equal: 1,
  between: 2,
  not_between: 2,
  begins_with: 1,
  not_begins_with: 1,
  contains: 1,
  not_contains: 1,
  ends_with: 1,
  not_ends_with: 1,
  is_empty: 0,
  is_not_empty: 0,
};

export const ruleValueSchema = z.union([z.string().max(1000), z.number(), z.boolean()]);
export type RuleValue = z.infer<typeof ruleValueSchema>;

export const ruleSchema = z
  .object({
    field: z.string().min(1).max(200),
    operator: z.enum(operators),
    value: z.array(ruleValueSchema).max(2),
  })
  .strict();
export type Rule = z.infer<typeof ruleSchema>;

export interface RuleGroup {
  condition: "AND" | "OR";
  rules: (Rule | RuleGroup)[];
}

export const MAX_RULES_PER_GROUP = 50;
/** How deep rule groups may nest within each other (the top group is depth 1). */
export const MAX_RULE_GROUP_DEPTH = 8;

export const ruleGroupSchema: z.ZodType<RuleGroup> = z
  .object({
    condition: z.enum(["AND", "OR"]),
    get rules() {
      return z.array(z.union([ruleSchema, ruleGroupSchema])).max(MAX_RULES_PER_GROUP);
    },
  })
  .strict();

export function isRuleGroup(rule: Rule | RuleGroup): rule is RuleGroup {
  return "condition" in rule;
}

/** `rules` travels as URL-encoded JSON in the query string. */
export const ruleGroupQuerySchema = z
  .string()
  .max(20_000)
  .transform((text, context) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      context.addIssue({ code: "custom", message: "rules must be JSON" });
      return z.NEVER;
    }
    // The same checks every request body gets, before the recursive schema runs.
    const unsafe = findUnsafeInput(parsed);
    if (unsafe) {
      context.addIssue({ code: "custom", path: unsafe.path, message: unsafeInputMessages[unsafe.problem] });
      return z.NEVER;
    }
    return parsed;
  })
  .pipe(ruleGroupSchema);
