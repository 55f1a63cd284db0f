/**
 * Dates of datetime answers and of their `widget.minDate` / `widget.maxDate`
 * bounds. Both may be ISO dates of any precision or relative `$now` tokens
 * (`$now`, `$now(d:-7,h:1)`), read with the filters' date grammar.
 */
import { addToDate, parseFilterDate } from "../filters/dates.js";
import type { FilterDate } from "../filters/dates.js";
import type { DateWidget } from "./model.js";

const CALENDAR = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}))?/;

/** Day of month and hour exist (the date grammar lets `2024-02-30T10:00+01:00` roll over). */
function isRealCalendarDate(value: string): boolean {
  const parts = CALENDAR.exec(value);
  if (!parts) return true;
  const [, year, month, day, hour] = parts.map(Number) as [number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !(hour > 23);
}

/** A datetime answer or bound as a date, or null when it is not one. */
export function parseAnswerDate(value: string, now: Date): FilterDate | null {
  if (!isRealCalendarDate(value)) return null;
  return parseFilterDate(value, now);
}

export interface DateRangeIssue {
  code: "minDate" | "maxDate";
  /** The bound, as a date (`2024-03-05`) or, when it names a time, a full ISO string. */
  bound: string;
}

function formatBound({ date, unit }: FilterDate): string {
  const iso = date.toISOString();
  return unit === "y" || unit === "M" || unit === "d" ? iso.slice(0, 10) : iso;
}

/**
 * Checks a date against the widget's bounds. A bound covers the whole unit it
 * is written in: a `maxDate` of `2024-03-05` (or `$now`) allows any time on
 * that day. Bounds that are not dates are ignored.
 */
export function dateRangeIssue(date: Date, widget: DateWidget | undefined, now: Date): DateRangeIssue | null {
  const min = typeof widget?.minDate === "string" ? parseAnswerDate(widget.minDate, now) : null;
  if (min && date.getTime() < min.date.getTime()) return { code: "minDate", bound: formatBound(min) };
  const max = typeof widget?.maxDate === "string" ? parseAnswerDate(widget.maxDate, now) : null;
  if (max && date.getTime() >= addToDate(max.date, max.unit, 1).getTime()) {
    return { code: "maxDate", bound: formatBound(max) };
  }
  return null;
}
