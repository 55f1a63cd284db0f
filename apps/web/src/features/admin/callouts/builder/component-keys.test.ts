import { describe, expect, it } from "vitest";
import { derivedKey, duplicateKeys, isKeyDerived, keyFromLabel, uniqueKey } from "./component-keys";
import { field, panel } from "../../../../test/builder-fixtures";
import { labelPatch } from "./component-patch";

describe("component keys", () => {
  it("derives camel-case keys from labels", () => {
    expect(keyFromLabel("What's your name?")).toBe("whatsYourName");
    expect(keyFromLabel("Straße & Größe")).toBe("strasseGrosse");
    expect(keyFromLabel("Café opening hours")).toBe("cafeOpeningHours");
    expect(keyFromLabel("  ")).toBe("");
    expect(keyFromLabel("x".repeat(80))).toHaveLength(50);
  });

  it("adds the lowest free number to a taken key", () => {
    expect(uniqueKey("name", new Set())).toBe("name");
    expect(uniqueKey("name", new Set(["name", "name1", "name3"]))).toBe("name2");
  });

  it("keeps keys unique within the slide, nested components included", () => {
    const components = [field("a", "name"), panel("p", [field("b", "name1")])];
    const fresh = field("c", "textfield");
    expect(derivedKey([...components, fresh], fresh, "Name")).toBe("name2");
    expect(derivedKey(components, components[0]!, "Name")).toBe("name");
    expect(derivedKey(components, fresh, "")).toBe("textfield");
  });

  it("knows whether a key still follows its label", () => {
    const follows = { ...field("a", "yourName"), label: "Your name" };
    const typed = { ...field("b", "respondentName"), label: "Your name" };
    expect(isKeyDerived([follows, typed], follows)).toBe(true);
    expect(isKeyDerived([follows, typed], typed)).toBe(false);
  });

  it("finds keys used twice in a slide", () => {
    expect(duplicateKeys([field("a", "x"), panel("p", [field("b", "x"), field("c", "y")])])).toEqual(new Set(["x"]));
  });
});

describe("label changes", () => {
  it("carry the key along until someone types a key of their own", () => {
    const fresh = { ...field("a", "textField"), label: "Text field" };
    const others = [fresh, field("b", "email")];
    expect(labelPatch(others, fresh, "Email", false)).toEqual({ label: "Email", key: "email1" });
    expect(labelPatch(others, fresh, "Email", true)).toEqual({ label: "Email" });
    const typed = { ...fresh, key: "contact" };
    expect(labelPatch([typed], typed, "Your email", false)).toEqual({ label: "Your email" });
  });
});
