/**
 * Answers as plain text (spec section 3 "Answer display", reference
 * section 10) for the CSV export, map titles and the admin answer columns.
 * The public form renderer does not use it: the form's translation
 * dictionary lives in `translate.ts`, so this module stays out of the
 * public pages' download (decision 008).
 *
 * Unlike the reference product, `0` and `false` are not blanked: a number
 * shows as written and a checkbox as "true" or "false" (words like "Yes"
 * belong to the reader's language, which the caller knows and this does not).
 */
import { isRecord } from "./validate-rules.js";
import { componentOptions } from "./model.js";
import type { FormComponent } from "./model.js";

function optionLabel(component: FormComponent, value: string): string {
  return componentOptions(component).find((option) => option.value === value)?.label ?? value;
}

/** `"<lat>, <lng>"` of an address answer's location, or null when it has none. */
function locationText(geometry: unknown): string | null {
  const location = isRecord(geometry) ? geometry.location : undefined;
  if (!isRecord(location) || typeof location.lat !== "number" || typeof location.lng !== "number") return null;
  return `${location.lat}, ${location.lng}`;
}

function objectToText(component: FormComponent, answer: Record<string, unknown>): string {
  if ("formatted_address" in answer || "geometry" in answer) {
    const address = typeof answer.formatted_address === "string" ? answer.formatted_address.trim() : "";
    const location = locationText(answer.geometry);
    if (address && location) return `${address} (${location})`;
    return address || location || "";
  }
  if (typeof answer.url === "string") return answer.url;
  // An object of flags (selectboxes): the ticked options, in the form's order, then any others.
  const ticked = Object.keys(answer).filter((key) => answer[key] === true);
  const optionValues = componentOptions(component).map((option) => option.value);
  const ordered = [
    ...optionValues.filter((value) => ticked.includes(value)),
    ...ticked.filter((key) => !optionValues.includes(key)),
  ];
  return ordered.map((value) => optionLabel(component, value)).join(", ");
}

/**
 * One answer as text: option values as their labels, ticked selectboxes as
 * their labels in option order, an address as its formatted address with
 * `(lat, lng)` after it (or just `lat, lng` without one), a file as its url,
 * lists joined with ", ". A missing answer is "".
 */
export function answerToText(component: FormComponent, answer: unknown): string {
  if (answer === undefined || answer === null) return "";
  if (Array.isArray(answer)) {
    return answer
      .map((element) => answerToText(component, element))
      .filter((text) => text !== "")
      .join(", ");
  }
  if (isRecord(answer)) return objectToText(component, answer);
  if (typeof answer === "string") {
    const hasOptions = component.type === "select" || component.type === "radio" || component.type === "selectboxes";
    return hasOptions ? optionLabel(component, answer) : answer;
  }
  if (typeof answer === "number" || typeof answer === "boolean") return String(answer);
  return "";
}
