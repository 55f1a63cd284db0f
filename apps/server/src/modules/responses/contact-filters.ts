import { sql, type SQL } from "drizzle-orm";
import type { FormSchemaInput } from "@cohort/common/callouts";
import { contactCalloutFilterFields, contactCalloutIds, parseContactCalloutField } from "@cohort/common/callouts";
import type { FilterFields, RuleGroup } from "@cohort/common/filters";
import type { ValidatedRule } from "@cohort/common/filters";
import type { Db } from "../../db/client.js";
import { calloutResponses, contacts } from "../../db/schema/index.js";
import { compileRuleGroup, type FieldSqlMap } from "../../filters/sql.js";
import { invalidRule } from "../../filters/validate.js";
import { calloutFilterSql, findCalloutForms } from "./inbox-queries.js";

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
function contactCalloutFilterSql(
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

/**
 * The contact filter fields and their SQL for the callouts a rule group
 * names, read with one query. A callout that does not exist is a 400
 * `invalid-rule`, as an unknown field is.
 */
export async function contactCalloutFilters(
  db: Db,
  rules: RuleGroup,
): Promise<{ fields: FilterFields; fieldSql: FieldSqlMap }> {
  const ids = [...contactCalloutIds(rules)];
  if (ids.length === 0) return { fields: {}, fieldSql: {} };
  const forms = await findCalloutForms(db, ids);
  const missing = ids.find((id) => !forms.has(id));
  if (missing) throw invalidRule(`No callout with id ${missing}`);
  const fields = contactCalloutFilterFields(rules, forms);
  const fieldSql: FieldSqlMap = {};
  for (const field of Object.keys(fields)) {
    const compiled = contactCalloutFilterSql(field, forms);
    if (compiled) fieldSql[field] = compiled;
  }
  return { fields, fieldSql };
}
