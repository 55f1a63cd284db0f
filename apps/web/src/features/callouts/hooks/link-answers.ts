import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import { answersFromLink, inputComponents } from "@cohort/common/callout-form";
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

/** The answers given whole, less those to a hidden input the editor did not mark as filled from the link. */
function withoutUnmarkedHidden(form: Pick<CalloutForm, "slides">, answers: CalloutAnswers): CalloutAnswers {
  const kept: CalloutAnswers = { ...answers };
  for (const { slide, component } of inputComponents(form)) {
    const slideAnswers = kept[slide.id];
    if (component.hidden !== true || component.fillFromLink === true || !slideAnswers) continue;
    const { [component.key]: _dropped, ...rest } = slideAnswers;
    kept[slide.id] = rest;
  }
  return kept;
}

/**
 * The answers a link starts the form with, or undefined when it gives none:
 * `?answers=<JSON>`, then one parameter per input (`?answers.<slideId>.<key>=`
 * or `?<key>=`), each checked by the answer validator and dropped when
 * invalid. Neither fills a hidden input the editor did not mark. The server
 * checks the submitted response as always.
 */
export function linkAnswers(
  form: Pick<CalloutForm, "slides">,
  params: URLSearchParams,
  now = new Date(),
): CalloutAnswers | undefined {
  const given = answersParam(params.get("answers"));
  const whole = given && withoutUnmarkedHidden(form, given);
  const single = answersFromLink(form, params, now);
  if (!whole && Object.keys(single).length === 0) return undefined;
  const merged: CalloutAnswers = { ...whole };
  for (const [slideId, answers] of Object.entries(single)) merged[slideId] = { ...merged[slideId], ...answers };
  return merged;
}
