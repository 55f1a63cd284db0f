import type { FilterField, Operator, Rule, RuleGroup, RuleValue } from "@cohort/common/filters";
import { isRuleGroup, operatorArity, operatorsFor } from "@cohort/common/filters";

/** Finds the definition of a field of the list being filtered; undefined for a field it does not know. */
export type FieldLookup = (field: string) => FilterField | undefined;

/** A rule being edited: it may still miss its field, operator or values. */
export interface DraftRule {
  kind: "rule";
  key: string;
  field: string;
  operator: Operator | "";
  values: (RuleValue | null)[];
}

export interface DraftGroup {
  kind: "group";
  key: string;
  condition: "AND" | "OR";
  items: DraftItem[];
}

export type DraftItem = DraftRule | DraftGroup;

/** Groups may hold groups this deep (the top group is level 0). */
export const MAX_GROUP_DEPTH = 2;

let lastKey = 0;
const nextKey = () => `item-${++lastKey}`;

export function emptyGroup(condition: "AND" | "OR" = "AND"): DraftGroup {
  return { kind: "group", key: nextKey(), condition, items: [] };
}

export function emptyRule(): DraftRule {
  return { kind: "rule", key: nextKey(), field: "", operator: "", values: [] };
}

/** A sensible first value: yes for a flag, the first option of a list, else nothing yet. */
function initialValue(definition: FilterField): RuleValue | null {
  if (definition.type === "boolean") return true;
  if (definition.type === "enum") return definition.options?.[0] ?? null;
  return null;
}

function resize(values: (RuleValue | null)[], length: number, filler: RuleValue | null): (RuleValue | null)[] {
  return Array.from({ length }, (_, index) => (index < values.length ? (values[index] ?? null) : filler));
}

/** The rule with a new field: its first operator and fresh values. */
export function withField(lookup: FieldLookup, rule: DraftRule, field: string): DraftRule {
  const definition = lookup(field);
  if (!definition) return { ...rule, field, operator: "", values: [] };
  const operator = operatorsFor(definition)[0] ?? "";
  const arity = operator ? operatorArity[operator] : 0;
  return { ...rule, field, operator, values: resize([], arity, initialValue(definition)) };
}

/** The rule with a new operator; values are kept where the number of values allows. */
export function withOperator(lookup: FieldLookup, rule: DraftRule, operator: Operator): DraftRule {
  const definition = lookup(rule.field);
  const filler = definition ? initialValue(definition) : null;
  return { ...rule, operator, values: resize(rule.values, operatorArity[operator], filler) };
}

function isValueComplete(definition: FilterField, value: RuleValue | null): value is RuleValue {
  if (value === null) return false;
  switch (definition.type) {
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "boolean":
      return typeof value === "boolean";
    default:
      return typeof value === "string" && value.trim() !== "";
  }
}

/** Whether the rule can be sent: a known field, an operator it accepts and every value filled in. */
export function isRuleComplete(lookup: FieldLookup, rule: DraftRule): boolean {
  const definition = lookup(rule.field);
  if (!definition || !rule.operator || !operatorsFor(definition).includes(rule.operator)) return false;
  return (
    rule.values.length === operatorArity[rule.operator] &&
    rule.values.every((value) => isValueComplete(definition, value))
  );
}

/** Turns a rule group into a draft for the builder. */
export function toDraft(group: RuleGroup | undefined): DraftGroup {
  if (!group) return emptyGroup();
  return {
    kind: "group",
    key: nextKey(),
    condition: group.condition,
    items: group.rules.map((item): DraftItem =>
      isRuleGroup(item)
        ? toDraft(item)
        : { kind: "rule", key: nextKey(), field: item.field, operator: item.operator, values: [...item.value] },
    ),
  };
}

export interface DraftResult {
  /** The complete rules; groups left empty are dropped. */
  group: RuleGroup;
  /** Keys of the rules that still miss something. */
  incomplete: string[];
}

/** Turns the builder's draft into the rule group the API takes. */
export function fromDraft(lookup: FieldLookup, draft: DraftGroup): DraftResult {
  const incomplete: string[] = [];
  const convert = (group: DraftGroup): RuleGroup => {
    const rules: (Rule | RuleGroup)[] = [];
    for (const item of group.items) {
      if (item.kind === "group") {
        const nested = convert(item);
        if (nested.rules.length > 0) rules.push(nested);
      } else if (isRuleComplete(lookup, item) && item.operator) {
        rules.push({ field: item.field, operator: item.operator, value: item.values as RuleValue[] });
      } else {
        incomplete.push(item.key);
      }
    }
    return { condition: group.condition, rules };
  };
  return { group: convert(draft), incomplete };
}

/** How many rules a rule group holds, nested ones included. */
export function countRules(group: RuleGroup | undefined): number {
  if (!group) return 0;
  return group.rules.reduce((total, item) => total + (isRuleGroup(item) ? countRules(item) : 1), 0);
}

/** The draft with one item (found by key, at any depth) replaced. */
export function updateItem(group: DraftGroup, key: string, change: (item: DraftItem) => DraftItem): DraftGroup {
  if (group.key === key) return change(group) as DraftGroup;
  return {
    ...group,
    items: group.items.map((item) =>
      item.key === key ? change(item) : item.kind === "group" ? updateItem(item, key, change) : item,
    ),
  };
}

/** The draft without one item. */
export function removeItem(group: DraftGroup, key: string): DraftGroup {
  return {
    ...group,
    items: group.items
      .filter((item) => item.key !== key)
      .map((item) => (item.kind === "group" ? removeItem(item, key) : item)),
  };
}

/** The draft with an item added at the end of the group with the given key. */
export function addItem(group: DraftGroup, groupKey: string, item: DraftItem): DraftGroup {
  return updateItem(group, groupKey, (target) =>
    target.kind === "group" ? { ...target, items: [...target.items, item] } : target,
  );
}
