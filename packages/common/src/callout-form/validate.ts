/**
 * Answer validation, shared by the respond page (to enable Next and Submit)
 * and the server (on every submitted response). Per-type rules live in
 * validate-rules.ts; this file adds required and multiple answers, slides
 * with their conditionals, and the walk through a whole form.
 */
import { slideAnswer, visibleComponents } from "./conditional.js";
import { flattenComponents, fullKey, isInputComponent } from "./model.js";
import type { CalloutAnswers, CalloutForm, FormComponent, FormSlide, SlideAnswers } from "./model.js";
import { slidePath } from "./navigation.js";
import { isRecord, valueIssue } from "./validate-rules.js";

/** Why an answer is refused; stable codes, also the reasons an imported row is refused for. */
export const answerIssueCodes = [
  "required",
  "invalid",
  "pattern",
  "minLength",
  "maxLength",
  "minWords",
  "maxWords",
  "min",
  "max",
  "integer",
  "decimals",
  "email",
  "url",
  "phone",
  "option",
  "minDate",
  "maxDate",
  "unknown",
] as const;
export type AnswerIssueCode = (typeof answerIssueCodes)[number];

export interface AnswerIssue {
  code: AnswerIssueCode;
  params?: { min?: number | string; max?: number | string };
}

export interface ValidateOptions {
  /** The moment relative dates (`$now…`) are read against. */
  now: Date;
}

export type ValidatedAnswers =
  { ok: true; answers: CalloutAnswers } | { ok: false; issues: { property: string; issue: AnswerIssue }[] };

/** No answer: undefined, null, or a text of nothing but white space. */
export function isMissingAnswer(answer: unknown): boolean {
  return answer === undefined || answer === null || (typeof answer === "string" && answer.trim() === "");
}

/** Whether a present value fulfils `required`: a checkbox must be ticked, selectboxes need one ticked option. */
function isFilled(component: FormComponent, value: unknown): boolean {
  if (component.type === "checkbox") return value === true;
  if (component.type === "selectboxes") return isRecord(value) && Object.values(value).includes(true);
  return true;
}

/** The present values of an answer, or null when its shape (single or list) is wrong for the component. */
function presentValues(component: FormComponent, answer: unknown): unknown[] | null {
  const isList = component.multiple === true || component.type === "file";
  if (Array.isArray(answer)) return isList ? answer.filter((value) => !isMissingAnswer(value)) : null;
  if (isMissingAnswer(answer)) return [];
  // A single file object is accepted where only one file is asked for.
  return component.multiple === true ? null : [answer];
}

/**
 * The first issue with one component's answer, or null. A missing answer
 * (undefined, null, blank text, empty list) only fails `required`; a present
 * one must pass its type's rules. Content and nestables take no answer.
 */
export function validateAnswer(
  component: FormComponent,
  answer: unknown,
  options: ValidateOptions,
): AnswerIssue | null {
  if (!isInputComponent(component)) return isMissingAnswer(answer) ? null : { code: "unknown" };
  const values = presentValues(component, answer);
  if (!values) return { code: "invalid" };
  for (const value of values) {
    const issue = valueIssue(component, value, options.now);
    if (issue) return issue;
  }
  const isRequired = component.validate?.required === true;
  if (isRequired && !values.some((value) => isFilled(component, value))) return { code: "required" };
  return null;
}

/**
 * Issues of one slide by component key. Components hidden by a conditional
 * (or inside a hidden panel) are skipped; keys that match no component are
 * not reported here (see `validateCalloutAnswers`).
 */
export function validateSlide(
  slide: FormSlide,
  slideAnswers: SlideAnswers,
  options: ValidateOptions,
): Record<string, AnswerIssue> {
  const issues = new Map<string, AnswerIssue>();
  for (const component of visibleComponents(slide.components, slideAnswers)) {
    if (issues.has(component.key)) continue;
    const issue = validateAnswer(component, slideAnswer(slideAnswers, component.key), options);
    if (issue) issues.set(component.key, issue);
  }
  return Object.fromEntries(issues);
}

/**
 * Checks a submitted `answers` body against the form, as the server does for
 * every response. The respondent's path through the slides is replayed from
 * the answers; every slide on it is validated (so required answers of a
 * visited slide count even when the slide was left out), and anything else is
 * refused as "unknown": slides not in the form or not on the path, and keys
 * that are no input of their slide. Property names are `slideId` or
 * `slideId.key`; `answers` itself when the body is not an object. The
 * cleaned answers drop those of components hidden by their conditional.
 */
export function validateCalloutAnswers(
  form: Pick<CalloutForm, "slides">,
  answers: unknown,
  options: ValidateOptions,
): ValidatedAnswers {
  if (!isRecord(answers)) return { ok: false, issues: [{ property: "answers", issue: { code: "invalid" } }] };
  const issues: { property: string; issue: AnswerIssue }[] = [];
  const received = new Map<string, SlideAnswers>();
  for (const [slideId, slideAnswers] of Object.entries(answers)) {
    if (!form.slides.some((slide) => slide.id === slideId)) {
      issues.push({ property: slideId, issue: { code: "unknown" } });
    } else if (!isRecord(slideAnswers)) {
      issues.push({ property: slideId, issue: { code: "invalid" } });
    } else {
      // Values are checked below; until then they are only compared with option values.
      received.set(slideId, slideAnswers as SlideAnswers);
    }
  }

  const path = slidePath(form, Object.fromEntries(received));
  for (const slideId of received.keys()) {
    if (!path.includes(slideId)) issues.push({ property: slideId, issue: { code: "unknown" } });
  }

  const cleaned: [string, SlideAnswers][] = [];
  for (const slide of path.map((slideId) => form.slides.find((candidate) => candidate.id === slideId))) {
    if (!slide) continue;
    const slideAnswers = received.get(slide.id) ?? {};
    const inputKeys = new Set(
      flattenComponents(slide.components)
        .filter(isInputComponent)
        .map(({ key }) => key),
    );
    const unknownKeys = Object.keys(slideAnswers).filter(
      (key) => !inputKeys.has(key) && slideAnswers[key] !== undefined,
    );
    for (const key of unknownKeys) issues.push({ property: fullKey(slide.id, key), issue: { code: "unknown" } });
    for (const [key, issue] of Object.entries(validateSlide(slide, slideAnswers, options))) {
      if (!unknownKeys.includes(key)) issues.push({ property: fullKey(slide.id, key), issue });
    }
    if (received.has(slide.id)) cleaned.push([slide.id, visibleAnswers(slide, slideAnswers)]);
  }
  return issues.length ? { ok: false, issues } : { ok: true, answers: Object.fromEntries(cleaned) };
}

/** The answers of the slide's shown inputs. */
function visibleAnswers(slide: FormSlide, slideAnswers: SlideAnswers): SlideAnswers {
  const shown = new Set(
    visibleComponents(slide.components, slideAnswers)
      .filter(isInputComponent)
      .map(({ key }) => key),
  );
  return Object.fromEntries(
    Object.entries(slideAnswers).filter(([key, answer]) => shown.has(key) && answer !== undefined),
  );
}

/** Default English text of an issue; the web app shows its own translations by `code`. */
export function issueMessage(issue: AnswerIssue): string {
  const min = String(issue.params?.min ?? "");
  const max = String(issue.params?.max ?? "");
  switch (issue.code) {
    case "required":
      return "This field is required";
    case "invalid":
      return "This value is not valid";
    case "pattern":
      return "This field does not match the expected format";
    case "minLength":
      return `Enter at least ${min} characters`;
    case "maxLength":
      return `Maximum length of ${max} characters exceeded`;
    case "minWords":
      return `Enter at least ${min} words`;
    case "maxWords":
      return `Enter at most ${max} words`;
    case "min":
      return `This field must be at least ${min}`;
    case "max":
      return `This field must be at most ${max}`;
    case "integer":
      return "This field must be a whole number";
    case "decimals":
      return `This field can have at most ${max} decimal places`;
    case "email":
      return "Invalid email address";
    case "url":
      return "Invalid URL";
    case "phone":
      return "Invalid phone number";
    case "option":
      return "Choose one of the options given";
    case "minDate":
      return `The date must be on or after ${min}`;
    case "maxDate":
      return `The date must be on or before ${max}`;
    case "unknown":
      return "This answer does not belong to the form";
  }
}
