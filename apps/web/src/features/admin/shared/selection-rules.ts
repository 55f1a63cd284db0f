import type { Rule, RuleGroup } from "@cohort/common/filters";
import { MAX_RULES_PER_GROUP } from "@cohort/common/filters";

/**
 * A rule group that matches exactly the rows with the given ids. Groups hold a limited
 * number of rules, so long lists are split into nested OR groups.
 */
export function selectedIdsRules(ids: readonly string[]): RuleGroup {
  const rules = ids.map((id): Rule => ({ field: "id", operator: "equal", value: [id] }));
  if (rules.length <= MAX_RULES_PER_GROUP) return { condition: "OR", rules };
  const chunks: RuleGroup[] = [];
  for (let start = 0; start < rules.length; start += MAX_RULES_PER_GROUP) {
    chunks.push({ condition: "OR", rules: rules.slice(start, start + MAX_RULES_PER_GROUP) });
  }
  return { condition: "OR", rules: chunks };
}
