import { and, not, or, sql, type SQL } from "drizzle-orm";
import type { DateUnit, ValidatedRule, ValidatedRuleGroup } from "@cohort/common/filters";
import { addToDate, finerUnit, isValidatedGroup, truncateDate } from "@cohort/common/filters";

/** How one filter field becomes SQL: a plain expression, or a function of the rule. */
export type FieldSql = SQL | ((rule: ValidatedRule) => SQL);
export type FieldSqlMap = Record<string, FieldSql>;

/** LIKE pattern for user text, with its wildcards escaped. */
function likePattern(value: string, prefix: string, suffix: string): string {
  return `${prefix}${value.replace(/[\\%_]/g, (match) => `\\${match}`)}${suffix}`;
}

function textCondition(column: SQL, rule: ValidatedRule, values: string[]): SQL {
  const value = values[0] ?? "";
  const text = rule.definition.nullable ? sql`coalesce(${column}, '')` : column;
  const like = (pattern: string) => sql`${text} ILIKE ${pattern}`;
  switch (rule.operator) {
    case "equal":
      return sql`${text} = ${value}`;
    case "not_equal":
      return sql`${text} <> ${value}`;
    case "contains":
      return like(likePattern(value, "%", "%"));
    case "not_contains":
      return not(like(likePattern(value, "%", "%")));
    case "begins_with":
      return like(likePattern(value, "", "%"));
    case "not_begins_with":
      return not(like(likePattern(value, "", "%")));
    case "ends_with":
      return like(likePattern(value, "%", ""));
    case "not_ends_with":
      return not(like(likePattern(value, "%", "")));
    case "is_empty":
      return sql`coalesce(${column}, '') = ''`;
    case "is_not_empty":
      return sql`coalesce(${column}, '') <> ''`;
    default:
      throw new Error(`unsupported text operator ${rule.operator}`);
  }
}

function comparisonCondition(column: SQL, operator: ValidatedRule["operator"], values: unknown[]): SQL {
  const [first, second] = values;
  switch (operator) {
    case "equal":
      return sql`${column} = ${first}`;
    case "not_equal":
      return sql`${column} <> ${first}`;
    case "less":
      return sql`${column} < ${first}`;
    case "less_or_equal":
      return sql`${column} <= ${first}`;
    case "greater":
      return sql`${column} > ${first}`;
    case "greater_or_equal":
      return sql`${column} >= ${first}`;
    case "between":
      return sql`${column} BETWEEN ${first} AND ${second}`;
    case "not_between":
      return sql`${column} NOT BETWEEN ${first} AND ${second}`;
    default:
      throw new Error(`unsupported comparison ${operator}`);
  }
}

/**
 * Dates compare by the finest unit the values mention, never coarser than a
 * day. Written as ranges on the raw column, so indexes still apply:
 * "truncated column = v" is "v <= column < v + 1 unit".
 */
function dateCondition(column: SQL, rule: Extract<ValidatedRule, { type: "date" }>): SQL {
  const unit: DateUnit = rule.values.map((value) => value.unit).reduce(finerUnit, "d");
  const [start, end] = rule.values.map((value) => truncateDate(value.date, unit));
  const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
  const next = (date: Date | undefined) => at(addToDate(date!, unit, 1));
  const inUnit = (date: Date | undefined) => sql`(${column} >= ${at(date!)} AND ${column} < ${next(date)})`;
  switch (rule.operator) {
    case "equal":
      return inUnit(start);
    case "not_equal":
      return sql`NOT ${inUnit(start)}`;
    case "less":
      return sql`${column} < ${at(start!)}`;
    case "less_or_equal":
      return sql`${column} < ${next(start)}`;
    case "greater":
      return sql`${column} >= ${next(start)}`;
    case "greater_or_equal":
      return sql`${column} >= ${at(start!)}`;
    case "between":
      return sql`(${column} >= ${at(start!)} AND ${column} < ${next(end)})`;
    case "not_between":
      return sql`NOT (${column} >= ${at(start!)} AND ${column} < ${next(end)})`;
    default:
      throw new Error(`unsupported date operator ${rule.operator}`);
  }
}

/** The condition for one rule on a plain column or expression. */
export function columnCondition(column: SQL, rule: ValidatedRule): SQL {
  if (rule.operator === "is_empty" && rule.type !== "text" && rule.type !== "array") return sql`${column} IS NULL`;
  if (rule.operator === "is_not_empty" && rule.type !== "text" && rule.type !== "array") {
    return sql`${column} IS NOT NULL`;
  }
  switch (rule.type) {
    case "text":
    case "blob":
      return textCondition(column, rule, rule.values);
    case "date":
      return dateCondition(column, rule);
    case "number":
      return comparisonCondition(sql`${column}::numeric`, rule.operator, rule.values);
    case "boolean":
    case "enum":
      return comparisonCondition(column, rule.operator, rule.values);
    case "contact":
      return comparisonCondition(
        column,
        rule.operator,
        rule.values.map((value) => sql`${value}::uuid`),
      );
    case "array": {
      switch (rule.operator) {
        case "contains":
          return sql`${column} @> jsonb_build_array(${rule.values[0]}::text)`;
        case "not_contains":
          return sql`NOT (${column} @> jsonb_build_array(${rule.values[0]}::text))`;
        case "is_empty":
          return sql`jsonb_array_length(${column}) = 0`;
        default:
          return sql`jsonb_array_length(${column}) > 0`;
      }
    }
  }
}

/** Compiles a validated rule group to one parameterised SQL condition. */
export function compileRuleGroup(group: ValidatedRuleGroup, fields: FieldSqlMap): SQL {
  const parts = group.rules.map((rule) => {
    if (isValidatedGroup(rule)) return compileRuleGroup(rule, fields);
    const field = Object.hasOwn(fields, rule.field) ? fields[rule.field] : undefined;
    if (!field) throw new Error(`no SQL for filter field ${rule.field}`);
    return typeof field === "function" ? field(rule) : columnCondition(field, rule);
  });
  if (parts.length === 0) return sql`TRUE`;
  return (group.condition === "AND" ? and(...parts) : or(...parts))!;
}
