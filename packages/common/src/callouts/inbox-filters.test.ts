import { describe, expect, it } from "vitest";
import {
  answerFilterFields,
  contactCalloutFilterFields,
  contactCalloutIds,
  parseContactCalloutField,
} from "./filters.js";

describe("answer filter fields", () => {
  it("types each input by its component and skips content", () => {
    const fields = answerFilterFields({
      slides: [
        {
          id: "s1",
          title: "",
          navigation: { nextSlideId: null },
          components: [
            { id: "a", key: "name", type: "textfield", input: true },
            { id: "b", key: "story", type: "textarea", input: true },
            { id: "c", key: "age", type: "number", input: true },
            { id: "d", key: "ok", type: "checkbox", input: true },
            { id: "e", key: "pick", type: "radio", input: true, values: [{ label: "A", value: "a" }] },
            { id: "f", key: "many", type: "selectboxes", input: true, values: [{ label: "B", value: "b" }] },
            { id: "g", key: "intro", type: "content", input: false, label: "Hello" },
          ],
        },
      ],
    });
    expect(fields).toEqual({
      "answers.s1.name": { type: "text", nullable: true },
      "answers.s1.story": { type: "blob", nullable: true },
      "answers.s1.age": { type: "number", nullable: true },
      "answers.s1.ok": { type: "boolean" },
      "answers.s1.pick": { type: "enum", options: ["a"], nullable: true },
      "answers.s1.many": { type: "array", options: ["b"] },
    });
  });
});

describe("contact filters on callouts", () => {
  const id = "0b6f9c8e-1d2a-4c3b-9e8f-7a6b5c4d3e2f";
  it("takes the field names apart", () => {
    expect(parseContactCalloutField(`callouts.${id}.hasAnswered`)).toEqual({ calloutId: id, responseField: null });
    expect(parseContactCalloutField(`callouts.${id}.responses.bucket`)).toEqual({
      calloutId: id,
      responseField: "bucket",
    });
    expect(parseContactCalloutField("callouts.nope.hasAnswered")).toBeUndefined();
  });

  it("adds the fields a rule group names, nested groups included, answers typed by the form", () => {
    const other = "1b6f9c8e-1d2a-4c3b-9e8f-7a6b5c4d3e2f";
    const group = {
      condition: "AND" as const,
      rules: [
        { field: `callouts.${id}.hasAnswered`, operator: "equal" as const, value: [true] },
        {
          condition: "OR" as const,
          rules: [
            { field: `callouts.${id}.responses.tags`, operator: "is_empty" as const, value: [] },
            { field: `callouts.${id}.responses.constructor`, operator: "equal" as const, value: ["x"] },
            { field: `callouts.${id}.responses.answers.s1.age`, operator: "greater" as const, value: [3] },
            { field: `callouts.${id}.responses.answers.s1.nope`, operator: "equal" as const, value: ["x"] },
            { field: `callouts.${other}.hasAnswered`, operator: "equal" as const, value: [true] },
          ],
        },
      ],
    };
    expect([...contactCalloutIds(group)].sort()).toEqual([id, other]);
    const form = {
      slides: [
        {
          id: "s1",
          title: "",
          navigation: { nextSlideId: null },
          components: [{ id: "c", key: "age", type: "number" as const, input: true }],
        },
      ],
    };
    const fields = contactCalloutFilterFields(group, new Map([[id, form]]));
    expect(fields).toEqual({
      [`callouts.${id}.hasAnswered`]: { type: "boolean" },
      [`callouts.${id}.responses.tags`]: { type: "array", format: "uuid" },
      [`callouts.${id}.responses.answers.s1.age`]: { type: "number", nullable: true },
    });
  });
});
