import { describe, expect, it } from "vitest";
import { errorCodes } from "@cohort/common/errors";
import en from "../locales/en.json";
import { ClientError } from "./client-error";
import { errorMessage, messageForError, statusMessage } from "./error-messages";

function hasKey(key: string): boolean {
  let node: unknown = en;
  for (const part of key.split(".")) {
    if (typeof node !== "object" || node === null || !(part in node)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}

describe("errorMessage", () => {
  it.each(errorCodes)("has an English message for %s", (code) => {
    expect(hasKey(errorMessage(code))).toBe(true);
  });

  it("uses the catalogue texts", () => {
    expect(en.errors.loginFailed).toBe("Invalid password/email combination");
    expect(errorMessage("login-failed")).toBe("errors.loginFailed");
    expect(errorMessage("requires-2fa")).toBe("errors.mfaRequired");
    expect(errorMessage("mfa-token-required")).toBe("errors.mfaRequired");
    expect(errorMessage("invalid-request")).toBe("errors.invalidRequest");
  });

  it.each([400, 401, 403, 404, 409, 413, 418, 422, 429, 500, 502, 599])("has a fallback for status %i", (status) => {
    expect(hasKey(statusMessage(status))).toBe(true);
  });

  it("falls back on the status for unknown codes and on the generic text otherwise", () => {
    expect(messageForError(new ClientError(403, { code: "something-new" }))).toBe("errors.unauthorized");
    expect(messageForError(new ClientError(502))).toBe("errors.serverError");
    expect(messageForError(new TypeError("Failed to fetch"))).toBe("errors.generic");
  });
});
