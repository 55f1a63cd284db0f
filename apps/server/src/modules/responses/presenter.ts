import type { Answer, CalloutAnswers, CalloutForm, FileAnswer, GuestDetails } from "@cohort/common/callout-form";
import {
  answerToText,
  formAnswer,
  inputComponents,
  isPublicAnswer,
  publicAnswersOf,
  repeatsGuestDetails,
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
    ...(row.imported ? { imported: true } : {}),
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
 * from the form: only the answers the one rule lets the public see
 * (`isPublicAnswer`, decision 053) that hold something (not "", 0, false,
 * null) are shown, under every slide, and never one that repeats the
 * guest's own name or email.
 */
export function mapResponsePresenter(
  form: Pick<CalloutForm, "slides">,
  view: ResponseViewSchema,
): (row: { number: number; answers: CalloutAnswers } & GuestDetails) => MapResponse {
  // Title, photos and address come only from components visitors may see (stricter than the reference).
  const publicInputs = inputComponents(form).filter((input) => isPublicAnswer(input.component));
  const publicInput = (fullKey: string | undefined) => publicInputs.find((input) => input.fullKey === fullKey);
  const titleComponent = publicInput(view.titleProp)?.component;
  const imageProp = publicInput(view.imageProp)?.fullKey;
  const addressProp = publicInput(view.map?.addressProp)?.fullKey;

  return ({ number, answers, guestName, guestEmail }) => {
    const guest = { guestName, guestEmail };
    const shown = (fullKey: string) => {
      const answer = answerAt(answers, fullKey);
      return repeatsGuestDetails(answer as Answer | undefined, guest) ? undefined : answer;
    };
    const photos = imageProp ? [shown(imageProp)].flat().filter(isFileAnswer) : [];
    const address = addressProp ? [shown(addressProp)].flat()[0] : undefined;
    return {
      number,
      title: titleComponent ? answerToText(titleComponent, shown(view.titleProp)) : "",
      photos,
      ...(address !== undefined && address !== null ? { address } : {}),
      answers: publicAnswersOf(form, answers, guest),
    };
  };
}
