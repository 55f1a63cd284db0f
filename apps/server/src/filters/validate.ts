import type { FilterFields, RuleGroup, ValidatedRuleGroup, ValidationContext } from "@cohort/common/filters";
import { InvalidRuleError, validateRuleGroup } from "@cohort/common/filters";
import type { AppError } from "../http/errors.js";
import { invalidField } from "../http/parse.js";

/** The 400 every list answers for a rule it cannot use. */
export function invalidRule(message: string): AppError {
  return invalidField(
    "rules",
    { key: "errors.invalidRule" },
    { rule: "invalidRule", code: "invalid-rule", text: message },
  );
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
