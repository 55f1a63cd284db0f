import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { answerToText } from "./display.js";
import { translateText } from "./translate.js";
import type { ComponentType, FormComponent } from "./model.js";

function component(type: ComponentType, extra: Partial<FormComponent> = {}): FormComponent {
  return { id: type, key: type, type, input: true, ...extra };
}

const colours = [
  { label: "Red", value: "red" },
  { label: "Green", value: "green" },
  { label: "Blue", value: "blue" },
];

describe("answerToText", () => {
  it("shows nothing for a missing answer", () => {
    expect(answerToText(component("textfield"), undefined)).toBe("");
    expect(answerToText(component("textfield"), null)).toBe("");
    expect(answerToText(component("textfield"), "")).toBe("");
  });

  it("shows numbers and booleans as written, zero and false included", () => {
    expect(answerToText(component("number"), 0)).toBe("0");
    expect(answerToText(component("currency"), 12.5)).toBe("12.5");
    expect(answerToText(component("checkbox"), true)).toBe("true");
    expect(answerToText(component("checkbox"), false)).toBe("false");
  });

  it("shows an option's label, or the raw value when it has none", () => {
    expect(answerToText(component("radio", { values: colours }), "green")).toBe("Green");
    expect(answerToText(component("select", { data: { values: colours } }), "blue")).toBe("Blue");
    expect(answerToText(component("radio", { values: colours }), "purple")).toBe("purple");
    expect(answerToText(component("textfield", { values: colours }), "red")).toBe("red");
  });

  it("shows ticked selectboxes by label in the form's order", () => {
    const boxes = component("selectboxes", { values: colours });
    expect(answerToText(boxes, { blue: true, green: false, red: true })).toBe("Red, Blue");
    expect(answerToText(boxes, { red: false })).toBe("");
    expect(answerToText(boxes, { gold: true, green: true })).toBe("Green, gold");
  });

  it("shows an address with its location", () => {
    const address = component("address");
    const location = { location: { lat: 51.5, lng: -0.12 } };
    expect(answerToText(address, { formatted_address: "1 High St", geometry: location })).toBe(
      "1 High St (51.5, -0.12)",
    );
    expect(answerToText(address, { formatted_address: "", geometry: location })).toBe("51.5, -0.12");
    expect(answerToText(address, { formatted_address: "1 High St" })).toBe("1 High St");
  });

  it("shows files by their urls", () => {
    const files = [{ url: "/uploads/a.png", name: "a.png" }, { url: "https://cdn.example.org/b.pdf" }];
    expect(answerToText(component("file"), files)).toBe("/uploads/a.png, https://cdn.example.org/b.pdf");
    expect(answerToText(component("file"), files[0])).toBe("/uploads/a.png");
  });

  it("joins the elements of a list with a comma", () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{1,6}$/), { minLength: 1, maxLength: 5 }), (values) => {
        expect(answerToText(component("textfield", { multiple: true }), values)).toBe(values.join(", "));
      }),
    );
    expect(answerToText(component("radio", { values: colours }), ["red", "blue"])).toBe("Red, Blue");
  });

  it("always gives a string", () => {
    fc.assert(
      fc.property(
        fc.constantFrom<ComponentType>("textfield", "radio", "selectboxes", "address", "file"),
        fc.anything(),
        (type, answer) => {
          expect(typeof answerToText(component(type, { values: colours }), answer)).toBe("string");
        },
      ),
    );
  });
});

describe("translateText", () => {
  it("looks texts up by exact match and falls back to the source", () => {
    const dictionary = { "Your name": "Ihr Name", Empty: "" };
    expect(translateText("Your name", dictionary)).toBe("Ihr Name");
    expect(translateText("your name", dictionary)).toBe("your name");
    expect(translateText("Empty", dictionary)).toBe("Empty");
    expect(translateText("toString", dictionary)).toBe("toString");
    expect(translateText("Your name")).toBe("Your name");
  });
});
