/**
 * Answers given as plain text: a parameter of the callout's link (the respond
 * page fills the form from it) and a cell of an imported CSV file. Each text
 * is turned into the answer its component stores, then checked by the one
 * answer validator; nothing here decides what is valid.
 */
import { inputComponents } from "./model.js";
import type { Answer, CalloutAnswers, CalloutForm, FormComponent, SlideAnswers } from "./model.js";
import { componentOptions } from "./model.js";
import { validateAnswer } from "./validate.js";

/** Types whose answer is no line of text (an upload, a drawing, a place picked on a map). */
const notTextTypes = new Set(["file", "signature", "address"]);

/** Whether a component's answer can be given as text. */
export function takesTextAnswer(component: FormComponent): boolean {
  return component.input !== false && !notTextTypes.has(component.type);
}

const yes = new Set(["true", "yes", "y", "1", "on", "x"]);
const no = new Set(["false", "no", "n", "0", "off"]);

/** The option value a text names: its value, else its label in any case; the text itself when none matches. */
function optionValue(component: FormComponent, text: string): string {
  const options = componentOptions(component);
  const lower = text.toLowerCase();
  return (
    options.find((option) => option.value === text)?.value ??
    options.find((option) => option.label.trim().toLowerCase() === lower)?.value ??
    text
  );
}

function singleAnswer(component: FormComponent, text: string): Answer {
  switch (component.type) {
    case "checkbox": {
      const lower = text.toLowerCase();
      return yes.has(lower) ? true : no.has(lower) ? false : text;
    }
    case "number":
    case "currency": {
      const value = Number(text.replace(",", "."));
      return Number.isFinite(value) ? value : text;
    }
    case "select":
    case "radio":
      return optionValue(component, text);
    case "selectboxes":
      return Object.fromEntries(
        text
          .split(/[;,]/)
          .map((part) => part.trim())
          .filter(Boolean)
          .map((part) => [optionValue(component, part), true]),
      );
    default:
      return text;
  }
}

/**
 * The answer a text gives a component, or undefined for a blank text or a
 * component that takes no text. Several answers to a `multiple` component
 * are separated by `;`. The result is not checked: pass it to the validator.
 */
export function answerFromText(component: FormComponent, text: string): Answer | undefined {
  const trimmed = text.trim();
  if (trimmed === "" || !takesTextAnswer(component)) return undefined;
  if (component.multiple === true && component.type !== "selectboxes") {
    return trimmed
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => singleAnswer(component, part)) as Answer;
  }
  return singleAnswer(component, trimmed);
}

/** Query parameters the respond page reads for itself: never taken as a short answer name. */
const reservedParams = new Set(["answers", "preview", "lang"]);

/** The long name of a link parameter: `answers.<slideId>.<key>`. */
export function linkParamLongName(slideId: string, key: string): string {
  return `answers.${slideId}.${key}`;
}

/** How many inputs of the form use each key, over every slide. */
function keyCounts(form: Pick<CalloutForm, "slides">): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { component } of inputComponents(form)) counts.set(component.key, (counts.get(component.key) ?? 0) + 1);
  return counts;
}

/** Whether `?<key>=` may name an input: no other input of the form has its key, and the page does not read the name. */
function isShortNameFree(counts: Map<string, number>, key: string): boolean {
  return counts.get(key) === 1 && !reservedParams.has(key);
}

/**
 * The parameter to fill an input from the link: its key alone when no other
 * input of the form has that key (and the page does not use the name itself),
 * else `answers.<slideId>.<key>`.
 */
export function linkParamName(form: Pick<CalloutForm, "slides">, slideId: string, key: string): string {
  return isShortNameFree(keyCounts(form), key) ? key : linkParamLongName(slideId, key);
}

/** Whether the link may fill this input: any shown one, a hidden one only when the editor marked it. */
export function isFillableFromLink(component: FormComponent): boolean {
  return takesTextAnswer(component) && (component.hidden !== true || component.fillFromLink === true);
}

/**
 * The answers a link's query parameters give, keeping only those the
 * validator accepts: an invalid value is dropped as if it were not there.
 * `answers.<slideId>.<key>=value` names any input; `<key>=value` an input
 * whose key is unique in the form. The long name wins over the short one.
 */
export function answersFromLink(
  form: Pick<CalloutForm, "slides">,
  params: { get(name: string): string | null },
  now: Date,
): CalloutAnswers {
  const counts = keyCounts(form);
  const result: CalloutAnswers = {};
  for (const { slide, component } of inputComponents(form)) {
    if (!isFillableFromLink(component)) continue;
    const text =
      params.get(linkParamLongName(slide.id, component.key)) ??
      (isShortNameFree(counts, component.key) ? params.get(component.key) : null);
    if (text === null) continue;
    const answer = answerFromText(component, text);
    if (answer === undefined || validateAnswer(component, answer, { now })) continue;
    const slideAnswers: SlideAnswers = (result[slide.id] ??= {});
    slideAnswers[component.key] = answer;
  }
  return result;
}
