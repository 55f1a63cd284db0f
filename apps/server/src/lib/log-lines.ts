/**
 * Log entries as a person reads them in a terminal: one line each, with the time, the level, the
 * message and the few fields worth seeing, where the JSON that log collectors read spells out
 * every field. Errors keep their stack, on the lines below their entry.
 */

const LEVELS: Record<number, string> = { 10: "TRACE", 20: "DEBUG", 30: "INFO", 40: "WARN", 50: "ERROR", 60: "FATAL" };

/** Fields every entry has, or that the line shows in its own way. */
const LEFT_OUT = new Set(["level", "time", "pid", "hostname", "msg", "v", "req", "res", "responseTime", "err"]);

interface Entry {
  level?: number;
  time?: number;
  msg?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
  [field: string]: unknown;
}

function clock(time: number): string {
  const at = new Date(time);
  const two = (value: number) => String(value).padStart(2, "0");
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, "0")}`;
}

function shown(value: unknown): string {
  if (typeof value === "string") return /^[^\s"=]+$/.test(value) ? value : JSON.stringify(value);
  return JSON.stringify(value) ?? String(value);
}

/** One JSON log line (pino's) as a terminal line; a line that is not JSON is left as it is. */
export function terminalLine(json: string): string {
  let entry: Entry;
  try {
    entry = JSON.parse(json) as Entry;
  } catch {
    return json;
  }
  if (typeof entry !== "object" || entry === null) return json;
  const parts = [
    clock(typeof entry.time === "number" ? entry.time : Date.now()),
    (LEVELS[entry.level ?? 30] ?? String(entry.level)).padEnd(5),
  ];
  if (entry.req?.method) parts.push(`${entry.req.method} ${entry.req.url ?? ""}`);
  if (entry.msg) parts.push(entry.msg);
  const fields: string[] = [];
  if (entry.res?.statusCode !== undefined) fields.push(`status=${entry.res.statusCode}`);
  if (typeof entry.responseTime === "number") fields.push(`took=${Math.round(entry.responseTime)}ms`);
  for (const [key, value] of Object.entries(entry)) {
    if (!LEFT_OUT.has(key) && value !== undefined) fields.push(`${key}=${shown(value)}`);
  }
  const err = entry.err;
  if (err && !err.stack) fields.push(`err=${shown(`${err.type ?? "Error"}: ${err.message ?? ""}`)}`);
  let line = parts.join(" ");
  if (fields.length > 0) line += `  ${fields.join(" ")}`;
  if (err?.stack) line += `\n${err.stack.replace(/^/gm, "    ")}`;
  return `${line}\n`;
}
