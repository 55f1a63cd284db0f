import { describe, expect, it } from "vitest";
import type { RuleGroup } from "@cohort/common/filters";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { MAX_NAMED_RESPONSES, TooManyResponsesError, bulkRules, exportRules, usesAnswerFields } from "./bulk-target";
import { fetchMock, stubFetch } from "../../../../test/harness";

const calloutId = "4f7d8a9e-1c2b-4d3e-8f5a-6b7c8d9e0f1a";
const scope = { field: "calloutId", operator: "equal", value: [calloutId] };
const inbox: RuleGroup = { condition: "AND", rules: [{ field: "bucket", operator: "is_empty", value: [] }] };
const byAnswer: RuleGroup = {
  condition: "AND",
  rules: [inbox, { condition: "OR", rules: [{ field: "answers.s1.district", operator: "equal", value: ["north"] }] }],
};
const id = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;

describe("bulk targets", () => {
  stubFetch();
  it("finds answer filters at any depth", () => {
    expect(usesAnswerFields(byAnswer)).toBe(true);
    expect(usesAnswerFields(inbox)).toBe(false);
    expect(
      usesAnswerFields({ condition: "AND", rules: [{ field: "answers", operator: "contains", value: ["x"] }] }),
    ).toBe(false);
  });

  it("names selected responses by id, within this callout", async () => {
    const rules = await bulkRules(calloutId, { mode: "ids", ids: new Set([id(1), id(2)]) }, inbox);
    expect(rules).toEqual({
      condition: "AND",
      rules: [
        scope,
        {
          condition: "OR",
          rules: [
            { field: "id", operator: "equal", value: [id(1)] },
            { field: "id", operator: "equal", value: [id(2)] },
          ],
        },
      ],
    });
    expect(await bulkRules(calloutId, { mode: "ids", ids: new Set() }, inbox)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends the list's own rules when all matching are selected", async () => {
    expect(await bulkRules(calloutId, { mode: "all" }, inbox)).toEqual({ condition: "AND", rules: [scope, inbox] });
  });

  it("turns a list filtered by answers into its ids, page by page", async () => {
    fetchMock.mockImplementation((input) => {
      const offset = Number(new URL(requestUrl(input), "http://localhost").searchParams.get("offset"));
      const items = Array.from({ length: offset === 0 ? 100 : 20 }, (_, index) => ({
        id: id(offset + index),
        number: offset + index + 1,
        createdAt: "2026-11-20T00:00:00.000Z",
        updatedAt: "2026-11-20T00:00:00.000Z",
        bucket: "",
        guestName: null,
        guestEmail: null,
      }));
      return Promise.resolve(jsonResponse(200, { items, total: 120, offset, count: items.length }));
    });
    const rules = await bulkRules(calloutId, { mode: "all" }, byAnswer);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const named = rules?.rules[1] as RuleGroup;
    expect(named.rules).toHaveLength(3);
    expect(JSON.stringify(rules)).toContain(id(119));
    expect(JSON.stringify(rules)).not.toContain("answers.s1.district");
  });

  it("refuses to name more responses than a rule group can hold", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { items: [], total: MAX_NAMED_RESPONSES + 1, offset: 0, count: 0 }));
    await expect(bulkRules(calloutId, { mode: "all" }, byAnswer)).rejects.toBeInstanceOf(TooManyResponsesError);
  });

  it("exports the selected rows, else the whole list", () => {
    expect(exportRules({ mode: "ids", ids: new Set([id(3)]) }, inbox)).toEqual({
      condition: "OR",
      rules: [{ field: "id", operator: "equal", value: [id(3)] }],
    });
    expect(exportRules({ mode: "ids", ids: new Set() }, inbox)).toBe(inbox);
    expect(exportRules({ mode: "all" }, inbox)).toBe(inbox);
  });
});
