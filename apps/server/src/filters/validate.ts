import type { FilterFields, RuleGroup, ValidatedRuleGroup, ValidationContext } from "@cohort/common/filters";
import { InvalidRuleError, validateRuleGroup } from "@cohort/common/filters";
import { AppError } from "../http/errors.js";

/** The 400 every list answers for a rule it cannot use. */
export function invalidRule(message: string): AppError {
  return new AppError("invalid-rule", {
    status: 400,
    message,
    details: [{ property: "rules", constraints: { invalidRule: message }, children: [] }],
  });
}

/** Checks a rule group against a field catalogue; a bad rule is a 400 `invalid-rule`. */
export function validateRulesOr400(
  rules: RuleGroup,
  fields: FilterFields,
  context: ValidationContext,
): ValidatedRuleGroup {
  try {
    return validateRuleGroup(rules, fields, context);
  } catch (error) {
    if (error instanceof InvalidRuleError) throw invalidRule(error.message);
    throw error;
  }
}
