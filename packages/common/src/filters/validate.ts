import type { FilterDate } from "./dates.js";
import { parseFilterDate } from "./dates.js";
import type { FilterField, FilterFields } from "./fields.js";
import { operatorsFor } from "./fields.js";
import type { Operator, Rule, RuleGroup } from "./grammar.js";
import { MAX_RULE_GROUP_DEPTH, isRuleGroup, operatorArity } from "./grammar.js";

/** A rule checked against a field catalogue, with its values parsed. */
export type ValidatedRule =
  | { field: string; type: "text" | "blob" | "enum"; operator: Operator; values: string[]; definition: FilterField }
  | { field: string; type: "number"; operator: Operator; values: number[]; definition: FilterField }
  | { field: string; type: "boolean"; operator: Operator; values: boolean[]; definition: FilterField }
  | { field: string; type: "date"; operator: Operator; values: FilterDate[]; definition: FilterField }
  | { field: string; type: "contact" | "array"; operator: Operator; values: string[]; definition: FilterField };

export interface ValidatedRuleGroup {
  condition: "AND" | "OR";
  rules: (ValidatedRule | ValidatedRuleGroup)[];
}

export class InvalidRuleError extends Error {
  constructor(
    /** The offending rule; null when the group itself is at fault. */
    readonly rule: Rule | null,
    message: string,
  ) {
    super(message);
    this.name = "InvalidRuleError";
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ValidationContext {
  now: Date;
  /** The caller's contact id, for the value `me`; absent for callers that are not a contact. */
  contactId?: string | undefined;
}

function validateRule(rule: Rule, fields: FilterFields, context: ValidationContext): ValidatedRule {
  // Own properties only: a field named `constructor` or `__proto__` is no field.
  const definition = Object.hasOwn(fields, rule.field) ? fields[rule.field] : undefined;
  if (!definition) throw new InvalidRuleError(rule, `Invalid field: ${rule.field}`);
  if (!operatorsFor(definition).includes(rule.operator)) {
    throw new InvalidRuleError(rule, `Invalid operator for a ${definition.type} field: ${rule.operator}`);
  }
  const arity = operatorArity[rule.operator];
  if (rule.value.length !== arity) {
    throw new InvalidRuleError(
      rule,
      `Invalid operator argument count: ${rule.operator} needs ${arity}, ${rule.value.length} given`,
    );
  }
  const fail = (message: string): never => {
    throw new InvalidRuleError(rule, message);
  };
  const base = { field: rule.field, operator: rule.operator, definition };
  switch (definition.type) {
    case "number":
      return {
        ...base,
        type: "number",
        values: rule.value.map((value) =>
          typeof value === "number" && Number.isFinite(value) ? value : fail(`Expected a number, got ${String(value)}`),
        ),
      };
    case "boolean":
      return {
        ...base,
        type: "boolean",
        values: rule.value.map((value) =>
          typeof value === "boolean" ? value : fail(`Expected true or false, got ${String(value)}`),
        ),
      };
    case "date":
      return {
        ...base,
        type: "date",
        values: rule.value.map((value) => {
          const parsed = typeof value === "string" ? parseFilterDate(value, context.now) : null;
          return parsed ?? fail(`Invalid date: ${String(value)}`);
        }),
      };
    default: {
      const values = rule.value.map((value) =>
        typeof value === "string" ? value : fail(`Expected text, got ${String(value)}`),
      );
      if (definition.options && (definition.type === "enum" || definition.type === "array")) {
        for (const value of values) {
          if (!definition.options.includes(value)) fail(`Invalid value for ${rule.field}: ${value}`);
        }
      }
      if (definition.format === "uuid") {
        for (const value of values) if (!UUID.test(value)) fail(`Invalid id for ${rule.field}: ${value}`);
      }
      if (definition.type === "contact") {
        return {
          ...base,
          type: "contact",
          values: values.map((value) => {
            if (value === "me") return context.contactId ?? fail("'me' needs a caller who is a contact");
            return UUID.test(value) ? value : fail(`Invalid contact id: ${value}`);
          }),
        };
      }
      return { ...base, type: definition.type, values };
    }
  }
}

/** Checks every rule against the catalogue; throws InvalidRuleError at the first bad one. */
export function validateRuleGroup(
  group: RuleGroup,
  fields: FilterFields,
  context: ValidationContext,
  depth = 1,
): ValidatedRuleGroup {
  if (depth > MAX_RULE_GROUP_DEPTH) {
    throw new InvalidRuleError(null, `Rule groups may nest at most ${MAX_RULE_GROUP_DEPTH} deep`);
  }
  return {
    condition: group.condition,
    rules: group.rules.map((rule) =>
      isRuleGroup(rule) ? validateRuleGroup(rule, fields, context, depth + 1) : validateRule(rule, fields, context),
    ),
  };
}

export function isValidatedGroup(rule: ValidatedRule | ValidatedRuleGroup): rule is ValidatedRuleGroup {
  return "condition" in rule;
}
