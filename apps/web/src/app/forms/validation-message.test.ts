import { describe, expect, it } from "vitest";
import { i18n } from "../i18n/i18n";
import { keyedMessage, parseValidationMessage, translateValidationMessage } from "./validation-message";

describe("validation messages", () => {
  it("maps the shared schemas' English texts to keys", () => {
    expect(parseValidationMessage("Invalid email address")).toEqual({ key: "validation.emailInvalid" });
    expect(parseValidationMessage("First name is required")).toEqual({ key: "validation.firstnameRequired" });
  });

  it("reads keys with values", () => {
    expect(parseValidationMessage(keyedMessage("validation.codeTooShort", { min: 6 }))).toEqual({
      key: "validation.codeTooShort",
      values: { min: 6 },
    });
  });

  it("falls back on a general text for anything else", () => {
    expect(parseValidationMessage("Invalid input: expected string")).toEqual({ key: "validation.invalid" });
  });

  it("translates", () => {
    const t = i18n.getFixedT("en");
    expect(translateValidationMessage(t, keyedMessage("validation.codeTooLong", { max: 6 }))).toBe(
      "The code may only be a maximum of 6 characters long",
    );
    expect(translateValidationMessage(t, "The passwords don't match")).toBe("The passwords don't match");
    expect(translateValidationMessage(t, undefined)).toBeUndefined();
  });
});
