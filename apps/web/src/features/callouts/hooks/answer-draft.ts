import type { CalloutAnswers } from "@cohort/common/callout-form";
import { isRecord } from "../../../api/read-body";
import type { FormProgress } from "../form/use-form-walk";

/** A draft larger than this (in characters of JSON) is not kept: storage is small and shared. */
export const DRAFT_MAX_CHARS = 100_000;

/** What a respondent has done so far: the answers, and the slides they went through (the last is the one shown). */
export type AnswerDraft = FormProgress;

/** Where the draft of one callout, in one of its languages, is kept in this tab (decision 048). */
export function draftKey(slug: string, variant: string): string {
  return `cohort:callout-draft:${slug}:${variant}`;
}

const isAnswers = (value: unknown): value is CalloutAnswers => isRecord(value) && Object.values(value).every(isRecord);

/** The draft kept under the key; null when there is none, it cannot be read, or the storage is blocked. */
export function readDraft(storage: Storage | null, key: string): AnswerDraft | null {
  try {
    const text = storage?.getItem(key);
    if (!text) return null;
    const parsed: unknown = JSON.parse(text);
    if (!isRecord(parsed) || !isAnswers(parsed.answers) || !Array.isArray(parsed.path)) return null;
    const path = parsed.path.filter((id): id is string => typeof id === "string");
    return { answers: parsed.answers, path };
  } catch {
    return null;
  }
}

/**
 * Keeps the draft under the key, and answers whether it did. A draft over the size limit is not
 * written (the last one that fitted stays); a full or blocked storage only costs the draft.
 */
export function saveDraft(storage: Storage | null, key: string, draft: AnswerDraft): boolean {
  if (!storage) return false;
  try {
    const text = JSON.stringify(draft);
    if (text.length > DRAFT_MAX_CHARS) return false;
    storage.setItem(key, text);
    return true;
  } catch {
    return false;
  }
}

export function clearDraft(storage: Storage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing kept that could be removed.
  }
}

/** The answers given, one entry per filled-in field, in an order that does not depend on typing order. */
function filledIn(answers: CalloutAnswers): string[] {
  return Object.entries(answers)
    .flatMap(([slideId, slideAnswers]) =>
      Object.entries(slideAnswers).flatMap(([key, value]) =>
        value === undefined ? [] : [`${slideId}.${key}=${JSON.stringify(value)}`],
      ),
    )
    .sort();
}

/** Whether the draft holds nothing the respondent did: still on the first slide, with the start answers. */
export function isUntouched(draft: AnswerDraft, start: CalloutAnswers): boolean {
  return draft.path.length <= 1 && filledIn(draft.answers).join("\n") === filledIn(start).join("\n");
}
