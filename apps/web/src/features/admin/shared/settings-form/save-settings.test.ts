import { describe, expect, it, vi } from "vitest";
import { ClientError } from "../../../../api/client-error";
import { placeFieldErrors } from "./save-settings";

const refusal = (...properties: string[]) =>
  new ClientError(400, {
    code: "validation-failed",
    errors: properties.map((property) => ({ property, constraints: { check: `${property} is wrong` }, children: [] })),
  });

describe("placeFieldErrors", () => {
  it("puts an error beside a field the server names, and one on a part of a field above the form", () => {
    const setError = vi.fn();
    const places = { fields: ["organisationName", "footerLinks"], nested: false };
    expect(placeFieldErrors(refusal("footerLinks.0.url"), places, setError)).toBe(false);
    expect(placeFieldErrors(refusal("organisationName", "unknown"), places, setError)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ["organisationName", { type: "server", message: "organisationName is wrong" }, { shouldFocus: true }],
    ]);
  });

  it("puts an error on a part of a field beside that part where the area asks, through the form's paths", () => {
    const setError = vi.fn();
    const places = {
      fields: ["periods", "title"],
      nested: true,
      toFormPath: (property: string) => property.replace("monthly", "0"),
    };
    expect(placeFieldErrors(refusal("periods.monthly.amount", "title", "other"), places, setError)).toBe(true);
    expect(setError.mock.calls).toEqual([
      ["periods.0.amount", { type: "server", message: "periods.monthly.amount is wrong" }, { shouldFocus: true }],
      ["title", { type: "server", message: "title is wrong" }, { shouldFocus: false }],
    ]);
  });
});
