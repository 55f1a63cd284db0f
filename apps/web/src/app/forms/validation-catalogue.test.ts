import { describe, expect, it } from "vitest";
import { locales } from "@cohort/common/i18n";
import { validationMessages } from "@cohort/common/validation";
import { ClientError } from "../../api/client-error";
import { i18n } from "../i18n/i18n";
import { applyServerFieldErrors } from "./server-field-errors";
import { translateValidationMessage } from "./validation-message";

const files = import.meta.glob<{ default: unknown }>("../../locales/*.json", { eager: true });

function lookUp(messages: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], messages);
}

describe("the shared catalogue of field messages", () => {
  it.each(locales)("has a translation of every key in %s", (locale) => {
    const messages = files[`../../locales/${locale}.json`]?.default;
    for (const key of Object.keys(validationMessages)) {
      const text = lookUp(messages, key);
      expect(typeof text === "string" && text.trim() !== "", `${locale}: ${key}`).toBe(true);
    }
  });

  it("shows a server field error by its key, not by its English", () => {
    const failure = ClientError.fromResponse(400, {
      httpCode: 400,
      name: "BadRequestError",
      code: "invalid-request",
      message: "Invalid body, check 'errors' property for more info.",
      errors: [
        {
          property: "profile.telephone",
          constraints: { custom: "Any wording the server may choose" },
          children: [],
          key: "validation.phoneInvalid",
        },
        {
          property: "firstname",
          constraints: { too_big: "Maximum length of 100 characters exceeded" },
          children: [],
          key: "validation.tooLong",
          params: { max: 100 },
        },
      ],
    });
    const set: Record<string, string | undefined> = {};
    const applied = applyServerFieldErrors<{ firstname: string; profile: { telephone: string } }>(
      failure,
      ["firstname", "profile.telephone"],
      (field, error) => {
        set[field] = error.message;
      },
    );
    expect(applied).toBe(true);
    const t = i18n.getFixedT("en");
    expect(translateValidationMessage(t, set["profile.telephone"])).toBe(
      "Enter 5 to 15 digits, optionally starting with a plus sign.",
    );
    expect(translateValidationMessage(t, set.firstname)).toBe("Maximum length of 100 characters exceeded");
  });
});
