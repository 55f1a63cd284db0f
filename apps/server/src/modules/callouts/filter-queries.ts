import { sql, type SQL } from "drizzle-orm";
import type { RuleGroup } from "@cohort/common/filters";
import type { ValidatedRule, ValidatedRuleGroup } from "@cohort/common/filters";
import { isValidatedGroup } from "@cohort/common/filters";
import { calloutFilterFields } from "@cohort/common/callouts";
import type { AppContext } from "../../context.js";
import { calloutOpenAt } from "../../db/callout-status.js";
import { calloutResponses, calloutReviewers, callouts } from "../../db/schema/index.js";
import { compileRuleGroup, type FieldSqlMap } from "../../filters/sql.js";
import { invalidRule, validateRulesOr400 } from "../../filters/validate.js";
import { forbidden } from "../../http/errors.js";
import { defaultTitleSql } from "./queries.js";

/** Status worked out in SQL the same way `calloutStatus()` does at read time. */
export function statusSql(status: string, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  switch (status) {
    case "draft":
      return sql`${callouts.starts} IS NULL`;
    case "scheduled":
      return sql`${callouts.starts} > ${at}`;
    case "ended":
      return sql`(${callouts.starts} <= ${at} AND ${callouts.expires} < ${at})`;
    default:
      return calloutOpenAt(at);
  }
}

const reviewedBy = (contactId: string) =>
  sql`EXISTS (SELECT 1 FROM ${calloutReviewers} WHERE ${calloutReviewers.calloutId} = ${callouts.id} AND ${calloutReviewers.contactId} = ${contactId}::uuid)`;

/** What someone who is not an admin may see: callouts they review, and live ones (not hidden, for lists). */
export function visibleToSql(contactId: string | undefined, now: Date, options: { includeHidden: boolean }): SQL {
  const live = options.includeHidden
    ? sql`${callouts.starts} <= ${now.toISOString()}::timestamptz`
    : sql`(${callouts.starts} <= ${now.toISOString()}::timestamptz AND NOT ${callouts.hidden})`;
  return contactId ? sql`(${live} OR ${reviewedBy(contactId)})` : live;
}

interface Caller {
  contactId: string | undefined;
  isAdmin: boolean;
}

function fieldSql(now: Date, caller: Caller): FieldSqlMap {
  return {
    id: sql`${callouts.id}::text`,
    slug: sql`${callouts.slug}`,
    title: defaultTitleSql,
    status: (rule) => statusSql(rule.type === "enum" ? (rule.values[0] ?? "") : "", now),
    starts: sql`${callouts.starts}`,
    expires: sql`${callouts.expires}`,
    hidden: sql`${callouts.hidden}`,
    channels: sql`coalesce(${callouts.channels}, '[]'::jsonb)`,
    answeredBy: (rule) =>
      sql`EXISTS (SELECT 1 FROM ${calloutResponses} WHERE ${calloutResponses.calloutId} = ${callouts.id} AND ${calloutResponses.contactId} = ${rule.values[0]}::uuid)`,
    canReview: (rule) => {
      if (caller.isAdmin) return sql`TRUE`;
      const reviews = reviewedBy(caller.contactId!);
      return rule.values[0] === true ? reviews : sql`NOT ${reviews}`;
    },
  };
}

/** Rules the field catalogue cannot express: `status` and `answeredBy` take `equal` only. */
function checkCalloutRules(group: ValidatedRuleGroup, caller: Caller): void {
  for (const rule of group.rules) {
    if (isValidatedGroup(rule)) {
      checkCalloutRules(rule, caller);
      continue;
    }
    checkRule(rule, caller);
  }
}

function checkRule(rule: ValidatedRule, caller: Caller): void {
  if ((rule.field === "status" || rule.field === "answeredBy") && rule.operator !== "equal") {
    throw invalidRule(`Invalid operator for ${rule.field}: ${rule.operator}`);
  }
  if (rule.field === "answeredBy" && !caller.isAdmin && rule.values[0] !== caller.contactId) throw forbidden();
  if (rule.field === "canReview" && !caller.contactId && !caller.isAdmin) {
    throw invalidRule("canReview needs a caller who is a contact");
  }
}

/** The SQL condition for a callout rule group; a bad rule is a 400 `invalid-rule`. */
export function calloutRulesCondition(ctx: AppContext, rules: RuleGroup | undefined, caller: Caller): SQL {
  if (!rules) return sql`TRUE`;
  const now = ctx.clock.now();
  const validated = validateRulesOr400(rules, calloutFilterFields, { now, contactId: caller.contactId });
  checkCalloutRules(validated, caller);
  return compileRuleGroup(validated, fieldSql(now, caller));
}
