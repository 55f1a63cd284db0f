import { afterEach, describe, expect, it } from "vitest";
import type { AnswerDraft } from "./answer-draft";
import { clearDraft, DRAFT_MAX_CHARS, draftKey, isUntouched, readDraft, saveDraft } from "./answer-draft";

const key = draftKey("river-walk", "default");
const draft: AnswerDraft = { answers: { walk: { place: "The old mill" } }, path: ["walk", "when"] };

/** A storage that refuses everything, as a full one refuses writes or a blocked one any use. */
const refusingStorage = {
  getItem: () => {
    throw new DOMException("Blocked", "SecurityError");
  },
  setItem: () => {
    throw new DOMException("Full", "QuotaExceededError");
  },
  removeItem: () => {
    throw new DOMException("Blocked", "SecurityError");
  },
} as unknown as Storage;

describe("answer drafts", () => {
  afterEach(() => sessionStorage.clear());

  it("keeps one draft per callout and language", () => {
    expect(draftKey("river-walk", "de")).toBe("cohort:callout-draft:river-walk:de");
    expect(saveDraft(sessionStorage, key, draft)).toBe(true);
    expect(readDraft(sessionStorage, key)).toEqual(draft);
    expect(readDraft(sessionStorage, draftKey("river-walk", "de"))).toBeNull();

    clearDraft(sessionStorage, key);
    expect(readDraft(sessionStorage, key)).toBeNull();
  });

  it("keeps uploaded files as the references the form stores", () => {
    const withFile: AnswerDraft = {
      answers: { story: { photo: [{ url: "/uploads/f1/mill.png", name: "mill.png", size: 68, storage: "cohort" }] } },
      path: ["story"],
    };
    saveDraft(sessionStorage, key, withFile);
    expect(readDraft(sessionStorage, key)).toEqual(withFile);
  });

  it("does not write a draft over the size limit, and keeps the last one that fitted", () => {
    saveDraft(sessionStorage, key, draft);
    const huge: AnswerDraft = { answers: { walk: { place: "x".repeat(DRAFT_MAX_CHARS) } }, path: ["walk"] };
    expect(saveDraft(sessionStorage, key, huge)).toBe(false);
    expect(readDraft(sessionStorage, key)).toEqual(draft);
  });

  it("never throws when storage is blocked or full", () => {
    expect(saveDraft(null, key, draft)).toBe(false);
    expect(readDraft(null, key)).toBeNull();
    expect(() => clearDraft(null, key)).not.toThrow();

    expect(saveDraft(refusingStorage, key, draft)).toBe(false);
    expect(readDraft(refusingStorage, key)).toBeNull();
    expect(() => clearDraft(refusingStorage, key)).not.toThrow();
  });

  it("ignores what does not read as a draft", () => {
    for (const text of ["{not json", "[]", '{"answers":{"walk":"x"},"path":[]}', '{"answers":{}}']) {
      sessionStorage.setItem(key, text);
      expect(readDraft(sessionStorage, key)).toBeNull();
    }
    sessionStorage.setItem(key, JSON.stringify({ answers: {}, path: ["walk", 3, null] }));
    expect(readDraft(sessionStorage, key)).toEqual({ answers: {}, path: ["walk"] });
  });

  it("tells a draft with nothing of the respondent's in it", () => {
    const start = { walk: { season: "summer" } };
    expect(isUntouched({ answers: start, path: ["walk"] }, start)).toBe(true);
    // A field typed in and emptied again, and the default value still there.
    expect(isUntouched({ answers: { walk: { place: undefined, season: "summer" }, when: {} }, path: [] }, start)).toBe(
      true,
    );
    expect(isUntouched({ answers: { walk: { season: "winter" } }, path: ["walk"] }, start)).toBe(false);
    expect(isUntouched({ answers: start, path: ["walk", "when"] }, start)).toBe(false);
  });
});
