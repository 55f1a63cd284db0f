import { describe, expect, it } from "vitest";
import type { CalloutForm, ComponentType, FormComponent } from "./model.js";
import { answerFromText, answersFromLink, isFillableFromLink, linkParamName } from "./text-answers.js";

const now = new Date("2026-05-17T14:35:22Z");

function input(key: string, type: ComponentType = "textfield", extra: Partial<FormComponent> = {}): FormComponent {
  return { id: key, key, type, input: true, ...extra };
}

const colour = input("colour", "radio", {
  values: [
    { label: "Dark red", value: "red" },
    { label: "Blue", value: "blue" },
  ],
});

const form: CalloutForm = {
  slides: [
    {
      id: "s1",
      title: "One",
      navigation: {},
      components: [
        input("name", "textfield", { validate: { maxLength: 10 } }),
        input("age", "number", { validate: { min: 0 } }),
        colour,
        input("source", "textfield", { hidden: true, fillFromLink: true }),
        input("secret", "textfield", { hidden: true }),
        input("city"),
        input("lang"),
      ],
    },
    {
      id: "s2",
      title: "Two",
      navigation: {},
      components: [input("city"), input("photo", "file"), input("agree", "checkbox")],
    },
  ],
};

/** A query string's parameters, as `URLSearchParams` reads them (no DOM types in this package). */
const params = (query: string) => {
  const values = new Map<string, string>();
  for (const pair of query.split("&")) {
    const [name = "", value = ""] = pair.split("=").map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
    if (!values.has(name)) values.set(name, value);
  }
  return { get: (name: string) => values.get(name) ?? null };
};

describe("answerFromText", () => {
  it("turns text into the value each type stores", () => {
    expect(answerFromText(input("n", "number"), " 4,5 ")).toBe(4.5);
    expect(answerFromText(input("c", "checkbox"), "Yes")).toBe(true);
    expect(answerFromText(input("c", "checkbox"), "no")).toBe(false);
    expect(answerFromText(colour, "dark RED")).toBe("red");
    expect(answerFromText(colour, "blue")).toBe("blue");
    const boxes = input("b", "selectboxes", { values: colour.values! });
    expect(answerFromText(boxes, "Blue; red")).toEqual({ blue: true, red: true });
    expect(answerFromText(input("t", "textfield", { multiple: true }), "a; b")).toEqual(["a", "b"]);
  });

  it("gives nothing for blank text or an answer that is no text", () => {
    expect(answerFromText(input("t"), "   ")).toBeUndefined();
    expect(answerFromText(input("f", "file"), "https://example.org/a.png")).toBeUndefined();
    expect(answerFromText(input("s", "signature"), "data:image/png;base64,AA")).toBeUndefined();
  });

  it("keeps text it cannot read, for the validator to refuse", () => {
    expect(answerFromText(input("n", "number"), "many")).toBe("many");
    expect(answerFromText(colour, "green")).toBe("green");
  });
});

describe("linkParamName", () => {
  it("uses the key alone when it is unique in the form, else the long name", () => {
    expect(linkParamName(form, "s1", "name")).toBe("name");
    expect(linkParamName(form, "s1", "city")).toBe("answers.s1.city");
    expect(linkParamName(form, "s2", "city")).toBe("answers.s2.city");
    // The page reads `lang` itself.
    expect(linkParamName(form, "s1", "lang")).toBe("answers.s1.lang");
  });
});

describe("answersFromLink", () => {
  it("fills inputs from short and long names, the long one winning", () => {
    expect(
      answersFromLink(form, params("name=Ada&age=3&answers.s1.age=4&answers.s2.city=Bonn&colour=Blue"), now),
    ).toEqual({ s1: { name: "Ada", age: 4, colour: "blue" }, s2: { city: "Bonn" } });
  });

  it("drops values the validator refuses and never throws", () => {
    const query = "name=far%20too%20long%20a%20name&age=-1&colour=green&answers.s2.agree=maybe&answers.nope.x=1";
    expect(answersFromLink(form, params(query), now)).toEqual({});
  });

  it("fills a hidden input only when the editor marked it as filled from the link", () => {
    expect(answersFromLink(form, params("source=newsletter&secret=x"), now)).toEqual({ s1: { source: "newsletter" } });
    expect(isFillableFromLink(form.slides[0]!.components[3]!)).toBe(true);
    expect(isFillableFromLink(form.slides[0]!.components[4]!)).toBe(false);
  });

  it("does not take a short name shared by two inputs, nor files", () => {
    expect(answersFromLink(form, params("city=Bonn&photo=https://example.org/a.png"), now)).toEqual({});
  });
});
