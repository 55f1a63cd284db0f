import type { Operator } from "./grammar.js";

export const filterTypes = ["text", "blob", "number", "date", "boolean", "enum", "contact", "array"] as const;
export type FilterType = (typeof filterTypes)[number];

export interface FilterField {
  type: FilterType;
  nullable?: boolean;
  /** Allowed values for enum fields (and array fields that list them). */
  options?: readonly string[];
  /** Values must be UUIDs (ids of tags, callouts, …). */
  format?: "uuid";
}

export type FilterFields<Name extends string = string> = Record<Name, FilterField>;

const comparison: Operator[] = [
  "equal",
  "not_equal",
  "less",
  "less_or_equal",
  "greater",
  "greater_or_equal",
  "between",
  "not_between",
];
const textOperators: Operator[] = [
  "equal",
  "not_equal",
  "contains",
  "not_contains",
  "begins_with",
  "ends_with",
  "not_begins_with",
  "not_ends_with",
  "is_empty",
  "is_not_empty",
];

/** The operators a field accepts. */
export function operatorsFor(field: FilterField): Operator[] {
  const emptiness: Operator[] = field.nullable ? ["is_empty", "is_not_empty"] : [];
  switch (field.type) {
    case "text":
      return textOperators;
    case "blob":
      return ["contains", "not_contains", ...emptiness];
    case "number":
    case "date":
      return [...comparison, ...emptiness];
    case "boolean":
      return ["equal", ...emptiness];
    case "enum":
    case "contact":
      return ["equal", "not_equal", ...emptiness];
    case "array":
      return ["contains", "not_contains", "is_empty", "is_not_empty"];
  }
}
