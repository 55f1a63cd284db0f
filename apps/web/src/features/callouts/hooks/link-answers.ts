import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import { answersFromLink } from "@cohort/common/callout-form";
import { isRecord } from "../../../api/read-body";

/** Answers passed whole in the link (`?answers=<JSON>`), when they read as answers. */
function answersParam(value: string | null): CalloutAnswers | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return isRecord(parsed) && Object.values(parsed).every(isRecord) ? (parsed as CalloutAnswers) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The answers a link starts the form with, or undefined when it gives none:
 * `?answers=<JSON>`, then one parameter per input (`?answers.<slideId>.<key>=`
 * or `?<key>=`), each checked by the answer validator and dropped when
 * invalid. The server checks the submitted response as always.
 */
export function linkAnswers(
  form: Pick<CalloutForm, "slides">,
  params: URLSearchParams,
  now = new Date(),
): CalloutAnswers | undefined {
  const whole = answersParam(params.get("answers"));
  const single = answersFromLink(form, params, now);
  if (!whole && Object.keys(single).length === 0) return undefined;
  const merged: CalloutAnswers = { ...whole };
  for (const [slideId, answers] of Object.entries(single)) merged[slideId] = { ...merged[slideId], ...answers };
  return merged;
}
