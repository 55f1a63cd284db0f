import type { Rule, RuleGroup } from "@cohort/common/filters";
import { MAX_RULES_PER_GROUP, isRuleGroup } from "@cohort/common/filters";
import { fetchResponses } from "../../../../api/callout-responses";
import { selectedIdsRules } from "../../shared/selection-rules";
import type { Selection } from "../../shared/use-row-selection";

/** The most responses a bulk change can name one by one (nested OR groups of ids). */
export const MAX_NAMED_RESPONSES = MAX_RULES_PER_GROUP * MAX_RULES_PER_GROUP;

/** Thrown when a selection is too large to name one by one. */
export class TooManyResponsesError extends Error {
  constructor() {
    super("Too many responses to change at once with this filter");
    this.name = "TooManyResponsesError";
  }
}

/** Whether the rules filter on single answers (`answers.<slide>.<key>`), which bulk changes do not take. */
export function usesAnswerFields(group: RuleGroup): boolean {
  return group.rules.some((item) => (isRuleGroup(item) ? usesAnswerFields(item) : item.field.startsWith("answers.")));
}

const scopeRule = (calloutId: string): Rule => ({ field: "calloutId", operator: "equal", value: [calloutId] });

/** The ids of every response the rules match, page by page. */
async function matchingIds(calloutId: string, rules: RuleGroup): Promise<string[]> {
  const ids: string[] = [];
  const limit = 100;
  for (let offset = 0; ; offset += limit) {
    const page = await fetchResponses(calloutId, { limit, offset, sort: "createdAt", order: "ASC", rules, with: [] });
    if (page.total > MAX_NAMED_RESPONSES) throw new TooManyResponsesError();
    ids.push(...page.items.map((item) => item.id));
    if (page.items.length < limit || ids.length >= page.total) return ids;
  }
}

/**
 * The rules of a bulk change: the selected responses of this callout, or all
 * that match the list. Bulk changes filter on the response's own fields only,
 * so a list filtered by single answers is turned into its ids first. Null
 * when nothing is selected (an empty group would match every response).
 */
export async function bulkRules(
  calloutId: string,
  selection: Selection,
  matching: RuleGroup,
): Promise<RuleGroup | null> {
  const scope = scopeRule(calloutId);
  if (selection.mode === "all" && !usesAnswerFields(matching)) return { condition: "AND", rules: [scope, matching] };
  const ids = selection.mode === "ids" ? [...selection.ids] : await matchingIds(calloutId, matching);
  return ids.length > 0 ? { condition: "AND", rules: [scope, selectedIdsRules(ids)] } : null;
}

/** The rules of the CSV export: the selected rows, else the whole list as it is filtered. */
export function exportRules(selection: Selection, matching: RuleGroup): RuleGroup {
  return selection.mode === "ids" && selection.ids.size > 0 ? selectedIdsRules([...selection.ids]) : matching;
}
