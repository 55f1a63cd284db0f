/**
 * Small hand-written checks for answers that public pages read. The zod
 * schemas in common stay the contract (and check everything on the server
 * and in admin pages); pages every visitor loads check the fields they rely
 * on with these instead, to keep zod out of their download (decision 008).
 */

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Thrown when an answer lacks what the page relies on. */
export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`Unexpected answer from the server: ${what}`);
    this.name = "UnexpectedAnswerError";
  }
}

/** Whether every named field of the object is a string. */
export function hasStrings(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === "string");
}
