import { contactCalloutFilterFields, contactCalloutIds } from "@cohort/common/callouts";
import type { FilterFields, RuleGroup } from "@cohort/common/filters";
import type { Db } from "../../../db/client.js";
import type { FieldSqlMap } from "../../../filters/sql.js";
import { invalidRule } from "../../../filters/validate.js";
import { contactCalloutFilterSql } from "./queries.js";
import { findCalloutForms } from "../inbox/queries.js";

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
