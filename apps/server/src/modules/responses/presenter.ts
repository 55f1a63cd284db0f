import type { CalloutAnswers, CalloutForm, FileAnswer, SlideAnswers } from "@cohort/common/callout-form";
import {
  answerToText,
  flattenComponents,
  formAnswer,
  inputComponents,
  isInputComponent,
} from "@cohort/common/callout-form";
import type { CalloutResponse, MapResponse, ResponseViewSchema } from "@cohort/common/callouts";
import type { ResponseRow } from "./queries.js";

export function presentResponse(row: ResponseRow, answers?: CalloutAnswers): CalloutResponse {
  return {
    id: row.id,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    bucket: row.bucket,
    guestName: row.guestName,
    guestEmail: row.guestEmail,
    ...(answers ? { answers } : {}),
  };
}

/** The answer at a full key `slideId.key` (keys hold no dots; slide ids might). */
function answerAt(answers: CalloutAnswers, key: string): unknown {
  const dot = key.lastIndexOf(".");
  if (dot < 0) return undefined;
  return formAnswer(answers, key.slice(0, dot), key.slice(dot + 1));
}

function isFileAnswer(value: unknown): value is FileAnswer {
  return typeof value === "object" && value !== null && typeof (value as { url?: unknown }).url === "string";
}

/**
 * Turns stored answers into map and gallery items. Built once per request
 * from the form: only answers of components that are not `adminOnly` and
 * that hold something (not "", 0, false, null) are shown, under every slide.
 */
export function mapResponsePresenter(
  form: Pick<CalloutForm, "slides">,
  view: ResponseViewSchema,
): (row: { number: number; answers: CalloutAnswers }) => MapResponse {
  const publicKeys = form.slides.map((slide) => ({
    slideId: slide.id,
    keys: flattenComponents(slide.components)
      .filter((component) => isInputComponent(component) && !component.adminOnly)
      .map((component) => component.key),
  }));
  // Title, photos and address come only from components visitors may see (stricter than the reference).
  const publicInputs = inputComponents(form).filter((input) => !input.component.adminOnly);
  const publicInput = (fullKey: string | undefined) => publicInputs.find((input) => input.fullKey === fullKey);
  const titleComponent = publicInput(view.titleProp)?.component;
  const imageProp = publicInput(view.imageProp)?.fullKey;
  const addressProp = publicInput(view.map?.addressProp)?.fullKey;

  return ({ number, answers }) => {
    // Built from entries, so a slide or key named `__proto__` is an own property, not a prototype.
    const publicAnswers: CalloutAnswers = Object.fromEntries(
      publicKeys.map(({ slideId, keys }): [string, SlideAnswers] => [
        slideId,
        Object.fromEntries(
          keys.flatMap((key) => {
            const answer = formAnswer(answers, slideId, key);
            return answer ? [[key, answer]] : [];
          }),
        ),
      ]),
    );
    const photos = imageProp ? [answerAt(answers, imageProp)].flat().filter(isFileAnswer) : [];
    const address = addressProp ? [answerAt(answers, addressProp)].flat()[0] : undefined;
    return {
      number,
      title: titleComponent ? answerToText(titleComponent, answerAt(answers, view.titleProp)) : "",
      photos,
      ...(address !== undefined && address !== null ? { address } : {}),
      answers: publicAnswers,
    };
  };
}
