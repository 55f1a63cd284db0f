import type { CalloutAnswers, FormComponent, SlideAnswers } from "@cohort/common/callout-form";
import {
  answerFromText,
  flattenComponents,
  isEmail,
  isInputComponent,
  takesTextAnswer,
  validateCalloutAnswers,
} from "@cohort/common/callout-form";
import type { ImportCalloutResponses, ResponseImportError, ResponseImportResult } from "@cohort/common/callouts";
import {
  GUEST_EMAIL_COLUMN,
  GUEST_NAME_COLUMN,
  IMPORTED_GUEST_NAME_MAX,
  MAX_ANSWERS_BYTES,
} from "@cohort/common/callouts";
import { TEXT_LIMITS } from "@cohort/common/http";
import type { AppContext } from "../../../context.js";
import { AppError } from "../../../http/errors.js";
import { restoreDefused } from "../../../lib/csv.js";
import type { Identity } from "../../../http/auth.js";
import { recordActivity } from "../../activity/service.js";
import { raiseResponseCounter } from "../../callouts/records-service.js";
import {
  findStoredAnswer,
  isKeyTaken,
  keyedRequest,
  storeAnswer,
  winnersAnswer,
  type KeyedRequest,
  type StoredAnswer,
} from "../../idempotency/service.js";
import {
  insertImportedResponses,
  insertSampleAnswerRows,
  type ImportedResponse,
  type SampleAnswerRows,
} from "./queries.js";
import { findCallout, type ResponseCallout } from "../service.js";

interface AnswerColumn {
  column: string;
  slideId: string;
  component: FormComponent;
}

/** The input an `answers.<slideId>.<key>` column fills; keys hold no dots, slide ids may. */
function answerColumn(callout: ResponseCallout, column: string): AnswerColumn | undefined {
  const rest = column.slice("answers.".length);
  const dot = rest.lastIndexOf(".");
  if (!column.startsWith("answers.") || dot <= 0) return undefined;
  const slideId = rest.slice(0, dot);
  const key = rest.slice(dot + 1);
  const slide = callout.formSchema.slides.find((candidate) => candidate.id === slideId);
  const component = slide
    ? flattenComponents(slide.components).find((candidate) => isInputComponent(candidate) && candidate.key === key)
    : undefined;
  return component && takesTextAnswer(component) ? { column, slideId, component } : undefined;
}

/** Every column the rows use, each an input of the form that takes text or a guest detail; else a 400. */
function readColumns(callout: ResponseCallout, rows: ImportCalloutResponses["rows"]): AnswerColumn[] {
  const columns = new Set(rows.flatMap((row) => Object.keys(row)));
  const answers: AnswerColumn[] = [];
  for (const column of columns) {
    if (column === GUEST_EMAIL_COLUMN || column === GUEST_NAME_COLUMN) continue;
    const found = answerColumn(callout, column);
    if (!found) {
      throw new AppError("invalid-import-column", {
        status: 400,
        message: `The column ${column} names no input of this form that takes text`,
      });
    }
    answers.push(found);
  }
  return answers;
}

/** A cell as the file had it: a formula guard of Cohort's own export taken off. */
const cellText = (value: string | undefined) => (value === undefined ? "" : restoreDefused(value.trim()));

type CheckedRow = { ok: true; response: Omit<ImportedResponse, "id"> } | { ok: false; errors: ResponseImportError[] };

/** One row, checked by the same answer validator as a response sent through the form. */
function checkRow(
  callout: ResponseCallout,
  columns: AnswerColumn[],
  raw: Record<string, string>,
  row: number,
  now: Date,
): CheckedRow {
  const errors: ResponseImportError[] = [];
  const answers: CalloutAnswers = {};
  for (const { slideId, component } of columns) {
    const answer = answerFromText(component, cellText(raw[`answers.${slideId}.${component.key}`]));
    if (answer === undefined) continue;
    const slideAnswers: SlideAnswers = (answers[slideId] ??= {});
    slideAnswers[component.key] = answer;
  }
  const email = cellText(raw[GUEST_EMAIL_COLUMN]).toLowerCase();
  if (email && (email.length > TEXT_LIMITS.email || !isEmail(email))) {
    errors.push({ row, column: GUEST_EMAIL_COLUMN, reason: "email" });
  }
  const name = cellText(raw[GUEST_NAME_COLUMN]);
  if (name.length > IMPORTED_GUEST_NAME_MAX) errors.push({ row, column: GUEST_NAME_COLUMN, reason: "maxLength" });
  if (Object.keys(answers).length === 0) {
    errors.push({ row, column: "answers", reason: "required" });
    return { ok: false, errors };
  }
  const checked = validateCalloutAnswers(callout.formSchema, answers, { now });
  if (!checked.ok) {
    for (const { property, issue } of checked.issues) {
      errors.push({
        row,
        column: `answers.${property}`,
        reason: issue.code,
        ...(issue.params ? { params: issue.params } : {}),
      });
    }
  } else if (JSON.stringify(checked.answers).length > MAX_ANSWERS_BYTES) {
    errors.push({ row, column: "answers", reason: "maxLength" });
  }
  if (errors.length > 0 || !checked.ok) return { ok: false, errors };
  return { ok: true, response: { answers: checked.answers, guestName: name || null, guestEmail: email || null } };
}

/** The answer to an import, and whether it is the stored answer to an earlier request with the same key. */
export interface ImportAnswer {
  result: ResponseImportResult;
  isReplay: boolean;
}

/** Who imports, with the `Idempotency-Key` header when sent. */
export interface ImportRequest {
  identity: Identity;
  idempotencyKey?: string | undefined;
}

const replayed = (stored: StoredAnswer): ImportAnswer => ({
  result: stored.body as ResponseImportResult,
  isReplay: true,
});

/**
 * Imports answers collected elsewhere as responses to a callout, whatever
 * its status. Each row is checked like a response sent through the form;
 * refused rows are skipped and reported by row, column and reason. Imported
 * responses belong to no contact (a guest's email and name are only kept, as
 * for an unconfirmed guest), are marked as imported, and send no email to
 * anyone. With `dryRun` nothing is written. With an idempotency key, the
 * answer is stored in the transaction that writes the responses, so a batch
 * sent again after a lost answer is not imported twice.
 */
export async function importResponses(
  ctx: AppContext,
  idOrSlug: string,
  input: ImportCalloutResponses,
  request: ImportRequest,
): Promise<ImportAnswer> {
  const callout = await findCallout(ctx, idOrSlug);
  const keyed = input.dryRun
    ? undefined
    : keyedRequest(request.idempotencyKey, `POST /callout/${callout.id}/responses/import`, request.identity, input);
  const stored = keyed && (await findStoredAnswer(ctx, keyed));
  if (stored) return replayed(stored);
  const columns = readColumns(callout, input.rows);
  const now = ctx.clock.now();
  const accepted: ImportedResponse[] = [];
  const errors: ResponseImportError[] = [];
  input.rows.forEach((raw, index) => {
    const checked = checkRow(callout, columns, raw, index + 1, now);
    if (checked.ok) accepted.push({ id: ctx.newId(), ...checked.response });
    else errors.push(...checked.errors);
  });
  const result = { imported: accepted.length, skipped: input.rows.length - accepted.length, errors };
  if (input.dryRun || accepted.length === 0) return { result, isReplay: false };

  try {
    await writeImport(ctx, callout.id, now, accepted, keyed && { keyed, result });
  } catch (error) {
    if (keyed && isKeyTaken(error)) return replayed(await winnersAnswer(ctx, keyed));
    throw error;
  }
  await recordActivity(ctx, {
    kind: "response.import",
    target: callout.slug,
    count: accepted.length,
    ids: accepted.map((response) => response.id),
  });
  return { result, isReplay: false };
}

/** Writes the accepted responses and, for a keyed request, its answer: all in one transaction. */
async function writeImport(
  ctx: AppContext,
  calloutId: string,
  now: Date,
  accepted: readonly ImportedResponse[],
  answer: { keyed: KeyedRequest; result: ResponseImportResult } | undefined,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await insertImportedResponses(tx, raiseResponseCounter, calloutId, now, accepted);
    if (answer) await storeAnswer(ctx, tx, answer.keyed, { status: 200, body: answer.result });
  });
}

/**
 * Writes sample answers to a callout as they are (its tags, numbered responses, their tags and
 * comments); the responses module owns them (decision 083). The caller sets the callout's
 * counter past the numbers.
 */
export async function insertSampleAnswers(ctx: Pick<AppContext, "db">, rows: SampleAnswerRows): Promise<void> {
  await insertSampleAnswerRows(ctx.db, rows);
}
