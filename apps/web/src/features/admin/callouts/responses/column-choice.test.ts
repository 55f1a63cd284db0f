import { afterEach, describe, expect, it } from "vitest";
import { MAX_ANSWER_COLUMNS, initialColumns, readColumnChoice, writeColumnChoice } from "./column-choice";

const keys = ["s1.story", "s1.district", "s1.age", "s2.photo"];

describe("answer column choice", () => {
  afterEach(() => window.localStorage.clear());

  it("shows the first inputs until a choice is made, then remembers it per callout", () => {
    expect(initialColumns("a", keys)).toEqual(["s1.story", "s1.district"]);
    writeColumnChoice("a", ["s2.photo"]);
    expect(initialColumns("a", keys)).toEqual(["s2.photo"]);
    expect(initialColumns("b", keys)).toEqual(["s1.story", "s1.district"]);
  });

  it("forgets answers the form no longer has and stops at the limit", () => {
    writeColumnChoice("a", ["s9.gone", "s1.age"]);
    expect(readColumnChoice("a", keys)).toEqual(["s1.age"]);
    writeColumnChoice(
      "a",
      Array.from({ length: 10 }, (_, index) => `k${index}`),
    );
    expect(JSON.parse(window.localStorage.getItem("cohort.inbox.columns.a") ?? "[]")).toHaveLength(MAX_ANSWER_COLUMNS);
    window.localStorage.setItem("cohort.inbox.columns.a", "not json");
    expect(readColumnChoice("a", keys)).toBeNull();
  });

  it("keeps an empty choice: no answer columns at all", () => {
    writeColumnChoice("a", []);
    expect(initialColumns("a", keys)).toEqual([]);
  });
});
