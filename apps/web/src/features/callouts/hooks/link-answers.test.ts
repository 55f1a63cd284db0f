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
        { id: "d", key: "desk", type: "textfield", input: true, hidden: true },
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

  it("fills a hidden input the editor did not mark from neither form of the link", () => {
    const whole = encodeURIComponent(JSON.stringify({ s1: { story: "Whole", desk: "set by the link" } }));
    expect(read(`answers=${whole}&desk=also%20set`)).toEqual({ s1: { story: "Whole" } });
  });
});
