import { sql, type SQL } from "drizzle-orm";
import { parseContactCalloutField } from "@cohort/common/callouts";
import type { ValidatedRule } from "@cohort/common/filters";
import { calloutResponses, contacts } from "../../db/schema/index.js";
import { compileRuleGroup, type FieldSqlMap } from "../../filters/sql.js";
import { inboxFilterSql } from "./inbox-queries.js";

/** The contact's responses to the callout, narrowed by a condition on each. */
function answered(calloutId: string, condition: SQL): SQL {
  return sql`EXISTS (SELECT 1 FROM ${calloutResponses} WHERE ${calloutResponses.contactId} = ${contacts.id} AND ${calloutResponses.calloutId} = ${calloutId}::uuid AND ${condition})`;
}

/**
 * SQL for `callouts.<calloutId>.hasAnswered` and
 * `callouts.<calloutId>.responses.<field>`: a contact matches when one of
 * their responses to that callout does. A callout that does not exist
 * matches nobody.
 */
export const contactCalloutFilterSql = (field: string): FieldSqlMap[string] | undefined => {
  const parsed = parseContactCalloutField(field);
  if (!parsed) return undefined;
  const { calloutId, responseField } = parsed;
  if (responseField === null) {
    return (rule: ValidatedRule) =>
      rule.values[0] === true ? answered(calloutId, sql`TRUE`) : sql`NOT ${answered(calloutId, sql`TRUE`)}`;
  }
  return (rule: ValidatedRule) =>
    answered(
      calloutId,
      compileRuleGroup({ condition: "AND", rules: [{ ...rule, field: responseField }] }, inboxFilterSql),
    );
};

/** The SQL of every callout field in a list of field names. */
export function contactCalloutFilterSqlFor(fields: Iterable<string>): FieldSqlMap {
  const map: FieldSqlMap = {};
  for (const field of fields) {
    const compiled = contactCalloutFilterSql(field);
    if (compiled) map[field] = compiled;
  }
  return map;
}
