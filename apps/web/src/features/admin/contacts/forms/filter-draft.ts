import type { ContactFilterName, FilterField, Operator } from "@cohort/common/filters";
import { contactFilterFields } from "@cohort/common/filters";
import type { DraftGroup, DraftResult, DraftRule } from "../../shared/filters/filter-draft";
import * as shared from "../../shared/filters/filter-draft";

/** The contact list's rule drafts: the shared builder's, with the contact fields. */
export type { DraftGroup, DraftItem, DraftResult, DraftRule } from "../../shared/filters/filter-draft";
export {
  MAX_GROUP_DEPTH,
  addItem,
  countRules,
  emptyGroup,
  emptyRule,
  removeItem,
  toDraft,
  updateItem,
} from "../../shared/filters/filter-draft";

export function filterFieldOf(field: string): FilterField | undefined {
  return Object.hasOwn(contactFilterFields, field) ? contactFilterFields[field as ContactFilterName] : undefined;
}

export const withField = (rule: DraftRule, field: string): DraftRule => shared.withField(filterFieldOf, rule, field);

export const withOperator = (rule: DraftRule, operator: Operator): DraftRule =>
  shared.withOperator(filterFieldOf, rule, operator);

export const isRuleComplete = (rule: DraftRule): boolean => shared.isRuleComplete(filterFieldOf, rule);

export const fromDraft = (draft: DraftGroup): DraftResult => shared.fromDraft(filterFieldOf, draft);
