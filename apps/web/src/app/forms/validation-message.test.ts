import { describe, expect, it } from "vitest";
import { message } from "@cohort/common/validation";
import { i18n } from "../i18n/i18n";
import { keyedMessage, parseValidationMessage, translateValidationMessage } from "./validation-message";

describe("validation messages", () => {
  it("reads the shared schemas' keyed messages", () => {
    expect(parseValidationMessage(message("validation.emailInvalid"))).toEqual({ key: "validation.emailInvalid" });
    expect(parseValidationMessage(message("validation.tooLong", { max: 50 }))).toEqual({
      key: "validation.tooLong",
      values: { max: 50 },
    });
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
    expect(translateValidationMessage(t, message("validation.passwordsDontMatch"))).toBe("The passwords don't match");
    expect(translateValidationMessage(t, "Some English text")).toBe("Please check this field.");
    expect(translateValidationMessage(t, undefined)).toBeUndefined();
  });
});
