import { describe, expect, it } from "vitest";
import { formAnswer } from "./conditional.js";
import type { CalloutAnswers } from "./model.js";

describe("formAnswer", () => {
  const answers = JSON.parse(
    '{"s": {"constructor": "given", "__proto__": "own"}, "constructor": {"a": 1}}',
  ) as CalloutAnswers;

  it("finds answers under names of Object.prototype when they were given", () => {
    expect(formAnswer(answers, "s", "constructor")).toBe("given");
    expect(formAnswer(answers, "s", "__proto__")).toBe("own");
    expect(formAnswer(answers, "constructor", "a")).toBe(1);
  });

  it("finds nothing inherited at either level", () => {
    for (const key of ["toString", "hasOwnProperty", "valueOf"]) expect(formAnswer(answers, "s", key)).toBeUndefined();
    expect(formAnswer({}, "constructor", "name")).toBeUndefined();
    expect(formAnswer({}, "__proto__", "toString")).toBeUndefined();
    expect(formAnswer({ s: {} }, "s", "constructor")).toBeUndefined();
  });
});
