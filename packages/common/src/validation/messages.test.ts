import { describe, expect, it } from "vitest";
import { englishMessage, message, messageText, readMessage, validationMessages } from "./messages.js";

describe("validation messages", () => {
  it("carry their key and values, and read back", () => {
    const text = message("validation.tooLong", { max: 100 });
    expect(text).toBe('validation.tooLong|{"max":100}');
    expect(readMessage(text)).toEqual({ key: "validation.tooLong", params: { max: 100 } });
    expect(readMessage(message("validation.required"))).toEqual({ key: "validation.required" });
  });

  it("spell out in the API's English, values filled in", () => {
    expect(englishMessage(message("validation.tooLong", { max: 50 }))).toBe("Maximum length of 50 characters exceeded");
    expect(messageText({ key: "validation.emailRequired" })).toBe("Email is required");
  });

  it("leave any other text as it is", () => {
    expect(readMessage("Invalid input: expected string")).toBeUndefined();
    expect(readMessage("validation.noSuchKey")).toBeUndefined();
    expect(englishMessage("Too small: expected number to be >=1")).toBe("Too small: expected number to be >=1");
  });

  it("have an English text for every key", () => {
    for (const [key, text] of Object.entries(validationMessages)) {
      expect(key).toMatch(/^[a-z]+[A-Za-z]*(\.[A-Za-z0-9]+)+$/);
      expect(text.trim(), key).not.toBe("");
    }
  });
});
