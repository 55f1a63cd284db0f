import { describe, expect, it } from "vitest";
import type { CalloutForm } from "@cohort/common/callout-form";
import { linkAnswers } from "./link-answers";

const form: CalloutForm = {
  slides: [
    {
      id: "s1",
      title: "One",
      navigation: {},
      components: [
        { id: "a", key: "story", type: "textarea", input: true },
        { id: "b", key: "source", type: "textfield", input: true, hidden: true, fillFromLink: true },
        { id: "c", key: "age", type: "number", input: true, validate: { min: 0 } },
      ],
    },
  ],
};

const read = (query: string) => linkAnswers(form, new URLSearchParams(query));

describe("linkAnswers", () => {
  it("gives nothing when the link names no answer, so a draft may come back", () => {
    expect(read("")).toBeUndefined();
    expect(read("lang=de&age=-2&answers=nonsense")).toBeUndefined();
  });

  it("lays single parameters over the answers given whole", () => {
    const whole = encodeURIComponent(JSON.stringify({ s1: { story: "Whole", age: 3 } }));
    expect(read(`answers=${whole}&story=From%20the%20link&source=poster`)).toEqual({
      s1: { story: "From the link", age: 3, source: "poster" },
    });
  });
});
