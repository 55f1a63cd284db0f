import { describe, expect, it } from "vitest";
import { message } from "@cohort/common/validation";
import { checkCredentials, checkToken, credentialsResolver } from "./login-form-checks";

describe("the login page's own checks", () => {
  it("trims and lower-cases the email and names each empty field", () => {
    expect(checkCredentials({ email: "  Ada@Example.ORG ", password: "secret" })).toEqual({
      values: { email: "ada@example.org", password: "secret" },
      problems: { email: undefined, password: undefined },
    });
    expect(checkCredentials({ email: " ", password: "" }).problems).toEqual({
      email: message("validation.emailRequired"),
      password: message("validation.passwordRequired"),
    });
  });

  it("refuses an address that is not one, and one over the length limit", () => {
    expect(checkCredentials({ email: "ada@example", password: "x" }).problems.email).toBe(
      message("validation.emailInvalid"),
    );
    const long = `${"a".repeat(250)}@example.org`;
    expect(checkCredentials({ email: long, password: "x" }).problems.email).toBe(
      message("validation.tooLong", { max: 254 }),
    );
  });

  it("drops the spaces of a pasted code and explains what is wrong with it", () => {
    expect(checkToken({ token: " 123 456 " })).toEqual({ values: { token: "123456" }, problems: { token: undefined } });
    expect(checkToken({ token: "" }).problems.token).toBe(message("validation.codeRequired"));
    expect(checkToken({ token: "123" }).problems.token).toBe(message("validation.codeTooShort", { min: 6 }));
    expect(checkToken({ token: "1234567" }).problems.token).toBe(message("validation.codeTooLong", { max: 6 }));
    expect(checkToken({ token: "12345a" }).problems.token).toBe(message("validation.codeDigits"));
  });

  it("answers react-hook-form with errors only for the fields that have one", async () => {
    const result = await credentialsResolver({ email: "ada@example.org", password: "" }, undefined, {
      fields: {},
      shouldUseNativeValidation: false,
    });
    expect(result.values).toEqual({});
    expect(Object.keys(result.errors)).toEqual(["password"]);
  });
});
