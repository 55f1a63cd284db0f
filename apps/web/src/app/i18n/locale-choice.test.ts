import { describe, expect, it } from "vitest";
import { createLocalePicker, isAdminPath } from "./locale-choice";

const url = (path: string) => new URL(path, "http://localhost");

describe("locale choice", () => {
  it("recognises admin paths", () => {
    expect(isAdminPath("/admin")).toBe(true);
    expect(isAdminPath("/admin/contacts")).toBe(true);
    expect(isAdminPath("/administrator")).toBe(false);
  });

  it("uses the organisation's locale, with its admin variant in the admin area", () => {
    const pick = createLocalePicker();
    expect(pick(url("/profile"), "de@easy")).toBe("de@easy");
    expect(pick(url("/admin"), "de@easy")).toBe("de");
    expect(pick(url("/admin"), "pt")).toBe("en");
    expect(pick(url("/profile"), "xx")).toBe("en");
  });

  it("lets ?lang= force a language for the rest of the visit", () => {
    const pick = createLocalePicker();
    expect(pick(url("/auth/login?lang=nl"), "de")).toBe("nl");
    expect(pick(url("/profile"), "de")).toBe("nl");
    expect(pick(url("/profile?lang=nope"), "de")).toBe("nl");
    expect(pick(url("/profile?lang=it"), "de")).toBe("it");
    expect(pick(url("/admin"), "de")).toBe("en");
  });
});
