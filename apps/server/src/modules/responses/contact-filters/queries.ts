import { sql, type SQL } from "drizzle-orm";
import type { FormSchemaInput } from "@cohort/common/callouts";
import { parseContactCalloutField } from "@cohort/common/callouts";
import type { ValidatedRule } from "@cohort/common/filters";
import { calloutResponses, contacts } from "../../../db/schema/index.js";
import { compileRuleGroup, type FieldSqlMap } from "../../../filters/sql.js";
import { calloutFilterSql } from "../inbox/queries.js";

/** The contact's responses to the callout, narrowed by a condition on each. */
function answered(calloutId: string, condition: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${calloutResponses} WHERE ${calloutResponses.contactId} = ${contacts.id} AND ${calloutResponses.calloutId} = ${calloutId}::uuid AND ${condition})`;
}

/**
 * SQL for `callouts.<calloutId>.hasAnswered` and
 * `callouts.<calloutId>.responses.<field>`: a contact matches when one of
 * their responses to that callout does. Response fields compile as the
 * callout's inbox compiles them, answers included.
 */
export function contactCalloutFilterSql(
  field: string,
  forms: ReadonlyMap<string, FormSchemaInput>,
): FieldSqlMap[string] | undefined {
  const parsed = parseContactCalloutField(field);
  const form = parsed && forms.get(parsed.calloutId);
  if (!parsed || !form) return undefined;
  const { calloutId, responseField } = parsed;
  if (responseField === null) {
    return (rule: ValidatedRule) =>
      rule.values[0] === true ? answered(calloutId, sql`TRUE`) : sql`NOT ${answered(calloutId, sql`TRUE`)}`;
  }
  const responseSql = calloutFilterSql(form);
  return (rule: ValidatedRule) =>
    answered(
      calloutId,
      compileRuleGroup({ condition: "AND", rules: [{ ...rule, field: responseField }] }, responseSql),
    );
}
