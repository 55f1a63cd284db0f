import type { CalloutAnswers, CalloutForm, FormComponent, SlideAnswers } from "@cohort/common/callout-form";
import { flattenComponents, isInputComponent, visibleComponents } from "@cohort/common/callout-form";

/** Start values: the answers given, else each input's default value. */
export function initialAnswers(form: CalloutForm, answers: CalloutAnswers | undefined): CalloutAnswers {
  if (answers) return answers;
  const result: CalloutAnswers = {};
  for (const slide of form.slides) {
    const defaults: SlideAnswers = {};
    for (const component of flattenComponents(slide.components)) {
      const value = component.defaultValue;
      if (!isInputComponent(component) || value === undefined || value === null || value === "") continue;
      defaults[component.key] = value as SlideAnswers[string];
    }
    if (Object.keys(defaults).length > 0) result[slide.id] = defaults;
  }
  return result;
}

/** Only what the respondent could see: the slides on their path, without answers of hidden inputs. */
export function answersToSubmit(form: CalloutForm, answers: CalloutAnswers, path: readonly string[]): CalloutAnswers {
  const result: CalloutAnswers = {};
  for (const slideId of path) {
    const slide = form.slides.find((candidate) => candidate.id === slideId);
    if (!slide) continue;
    const slideAnswers = answers[slideId] ?? {};
    const shown = new Set(visibleComponents(slide.components, slideAnswers).map((component) => component.key));
    result[slideId] = Object.fromEntries(
      Object.entries(slideAnswers).filter(([key, value]) => shown.has(key) && value !== undefined),
    );
  }
  return result;
}

/** A number typed by a person: a comma counts as the decimal mark. Text that is no number stays text. */
export function parseTypedNumber(text: string): number | string | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const value = Number(trimmed.replace(",", "."));
  return Number.isFinite(value) ? value : trimmed;
}

const pad = (value: number) => String(value).padStart(2, "0");

/** `2024-02-02T13:02:00+01:00`: the moment a datetime-local input names, in the browser's time zone. */
export function localInputToIso(value: string): string | undefined {
  if (value === "") return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  const zone = `${sign}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}:00${zone}`;
}

/** The value of a datetime-local input for a stored answer, in the browser's time zone. */
export function isoToLocalInput(value: unknown): string {
  if (typeof value !== "string" || value === "") return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${day}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Datetime components ask for a time unless they say otherwise (as Form.io does). */
export function asksForTime(component: FormComponent): boolean {
  return component.widget?.enableTime !== false && component.enableTime !== false;
}
