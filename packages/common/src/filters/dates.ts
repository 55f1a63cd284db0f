/** Units of relative dates and of date truncation, coarsest first. */
export const dateUnits = ["y", "M", "d", "h", "m", "s"] as const;
export type DateUnit = (typeof dateUnits)[number];

export interface FilterDate {
  /** The moment, already truncated to `unit` (UTC). */
  date: Date;
  /** The finest unit the value mentions. */
  unit: DateUnit;
}

const RELATIVE = /^\$now(?:\(((?:[yMdhms]:-?\d{1,6})(?:,[yMdhms]:-?\d{1,6})*)\))?$/;
const ABSOLUTE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?)?)?$/;

/**
 * Filter dates lie between the years 1 and 9999, and so does the end of the
 * unit they name: PostgreSQL and ISO 8601 text hold no others.
 */
const EARLIEST = Date.parse("0001-01-01T00:00:00Z");
const LATEST = Date.parse("9999-12-31T23:59:59Z");

function inRange(value: FilterDate): boolean {
  const start = value.date.getTime();
  const end = addToDate(value.date, value.unit, 1).getTime();
  return start >= EARLIEST && end <= LATEST + 1000;
}

export function finerUnit(a: DateUnit, b: DateUnit): DateUnit {
  return dateUnits.indexOf(a) > dateUnits.indexOf(b) ? a : b;
}

/** Start of the unit containing `date`, in UTC. */
export function truncateDate(date: Date, unit: DateUnit): Date {
  const parts = [
    date.getUTCFullYear(),
    unit === "y" ? 0 : date.getUTCMonth(),
    unit === "y" || unit === "M" ? 1 : date.getUTCDate(),
    ["h", "m", "s"].includes(unit) ? date.getUTCHours() : 0,
    ["m", "s"].includes(unit) ? date.getUTCMinutes() : 0,
    unit === "s" ? date.getUTCSeconds() : 0,
  ] as const;
  const [year, month, day, ...time] = parts;
  // Date.UTC reads the years 0 to 99 as 1900 to 1999, so the date is set apart.
  const result = new Date(Date.UTC(2000, 0, 1, ...time));
  result.setUTCFullYear(year, month, day);
  return result;
}

/** `date` moved by `amount` of `unit` (calendar-aware for years and months). */
export function addToDate(date: Date, unit: DateUnit, amount: number): Date {
  const result = new Date(date);
  switch (unit) {
    case "y":
      result.setUTCFullYear(result.getUTCFullYear() + amount);
      break;
    case "M":
      result.setUTCMonth(result.getUTCMonth() + amount);
      break;
    case "d":
      result.setUTCDate(result.getUTCDate() + amount);
      break;
    case "h":
      result.setUTCHours(result.getUTCHours() + amount);
      break;
    case "m":
      result.setUTCMinutes(result.getUTCMinutes() + amount);
      break;
    case "s":
      result.setUTCSeconds(result.getUTCSeconds() + amount);
      break;
  }
  return result;
}

/**
 * Parses a filter date: an ISO date of any precision from a year down to
 * seconds, or `$now` with optional offsets like `$now(M:-1,d:2)`. The result
 * is truncated to the finest unit the value mentions; plain `$now` is the
 * start of today. Returns null when the value is not a date.
 */
export function parseFilterDate(value: string, now: Date): FilterDate | null {
  const relative = RELATIVE.exec(value);
  if (relative) {
    const offsets = (relative[1]?.split(",") ?? []).map((offset) => {
      const [name, amount] = offset.split(":") as [DateUnit, string];
      return { name, amount: Number(amount) };
    });
    const date = offsets.reduce((moved, offset) => addToDate(moved, offset.name, offset.amount), now);
    const unit = offsets.length ? offsets.map((offset) => offset.name).reduce(finerUnit) : "d";
    if (Number.isNaN(date.getTime())) return null;
    const result = { date: truncateDate(date, unit), unit };
    return inRange(result) ? result : null;
  }
  const absolute = ABSOLUTE.exec(value);
  if (!absolute) return null;
  const [, year, month, day, hour, minute, second, zone] = absolute;
  const unit: DateUnit = second ? "s" : minute ? "m" : day ? "d" : month ? "M" : "y";
  const iso = `${year}-${month ?? "01"}-${day ?? "01"}T${hour ?? "00"}:${minute ?? "00"}:${second ?? "00"}${normaliseZone(zone)}`;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  if (month && Number(month) !== date.getUTCMonth() + 1 && !zone) return null;
  const result = { date: truncateDate(date, unit), unit };
  return inRange(result) ? result : null;
}

function normaliseZone(zone: string | undefined): string {
  if (!zone || zone === "Z") return "Z";
  return zone.includes(":") ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
}
