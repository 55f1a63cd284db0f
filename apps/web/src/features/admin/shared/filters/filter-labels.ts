import type { FilterType, Operator } from "@cohort/common/filters";

/** Relative dates the date editor offers, as the API writes them. */
export const relativeDates = [
  { value: "$now", labelKey: "admin.contacts.filters.dates.today" },
  { value: "$now(d:-7)", labelKey: "admin.contacts.filters.dates.sevenDaysAgo" },
  { value: "$now(d:-30)", labelKey: "admin.contacts.filters.dates.thirtyDaysAgo" },
  { value: "$now(M:-3)", labelKey: "admin.contacts.filters.dates.threeMonthsAgo" },
  { value: "$now(y:-1)", labelKey: "admin.contacts.filters.dates.oneYearAgo" },
  { value: "$now(d:7)", labelKey: "admin.contacts.filters.dates.inSevenDays" },
  { value: "$now(d:30)", labelKey: "admin.contacts.filters.dates.inThirtyDays" },
] as const;

const dateWords: readonly Operator[] = [
  "equal",
  "not_equal",
  "less",
  "less_or_equal",
  "greater",
  "greater_or_equal",
  "is_empty",
  "is_not_empty",
];
const listWords: readonly Operator[] = ["contains", "not_contains", "is_empty", "is_not_empty"];

/** Operators read differently for dates ("is before") and lists ("includes"). */
export function operatorLabelKey(type: FilterType, operator: Operator): string {
  if (type === "date" && dateWords.includes(operator)) return `admin.contacts.filters.dateOperators.${operator}`;
  if (type === "array" && listWords.includes(operator)) return `admin.contacts.filters.listOperators.${operator}`;
  return `admin.contacts.filters.operators.${operator}`;
}
