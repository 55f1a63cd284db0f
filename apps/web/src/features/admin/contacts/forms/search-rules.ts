import type { Rule, RuleGroup } from "@cohort/common/filters";

const searchFields = ["firstname", "lastname", "email"] as const;
const MAX_WORDS = 5;
const MAX_WORD_LENGTH = 100;

/**
 * The rules behind the quick search: each word must appear in the first
 * name, the last name or the email (an OR group of `contains` rules per word).
 */
export function searchRules(text: string): RuleGroup | undefined {
  const words = text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, MAX_WORDS)
    .map((word) => word.slice(0, MAX_WORD_LENGTH));
  const groups = words.map((word): RuleGroup => ({
    condition: "OR",
    rules: searchFields.map((field): Rule => ({ field, operator: "contains", value: [word] })),
  }));
  if (groups.length <= 1) return groups[0];
  return { condition: "AND", rules: groups };
}

/** All the given groups at once; empty groups add nothing. */
export function combineRules(...groups: (RuleGroup | undefined)[]): RuleGroup | undefined {
  const present = groups.filter((group): group is RuleGroup => Boolean(group && group.rules.length > 0));
  if (present.length <= 1) return present[0];
  return { condition: "AND", rules: present };
}
