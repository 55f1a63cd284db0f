import type { CalloutResponse, CreateCalloutResponse, Guest } from "@cohort/common/callouts";
import { calloutStatus } from "@cohort/common/callouts";
import { issueMessage, validateCalloutAnswers } from "@cohort/common/callout-form";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import { isUuid } from "@cohort/common/http";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import { AppError, notFound } from "../../http/errors.js";
import { applyNewsletterOptIn } from "../newsletter/opt-in.js";
import { attachAnswerFiles } from "../uploads/service.js";
import {
  answerRow,
  findStoredAnswer,
  isKeyTaken,
  keyedRequest,
  storeAnswer,
  winnersAnswer,
  type KeyedRequest,
  type StoredAnswer,
} from "../idempotency/service.js";
import { emailWritten } from "../emails/service.js";
import { throughCalloutCache, statusChangeAfter } from "../callouts/cache.js";
import { rememberContactLocale } from "../contacts/records/service.js";
import { guestConfirmationEmail } from "./confirmations/service.js";
import { insertBatcherOf } from "./insert-batcher.js";
import { notifyStaff } from "./notifications/service.js";
import { needsCaptcha, decideResponder, refuse, saveAction } from "./policy.js";
import { presentResponse } from "./presenter.js";
import * as queries from "./queries.js";
import { emitEvent } from "../webhooks/events.js";

export type ResponseCallout = queries.ResponseCalloutRow;

/** A callout by id (a UUID) or else by slug; 404 when there is none. */
export async function findCallout(ctx: AppContext, idOrSlug: string): Promise<ResponseCallout> {
  const callout = isUuid(idOrSlug)
    ? await queries.findCalloutById(ctx.db, idOrSlug.toLowerCase())
    : await queries.findCalloutBySlug(ctx.db, idOrSlug);
  if (!callout) throw notFound("No callout with that id or slug");
  return callout;
}

/**
 * `findCallout` through the cache of callouts, which keeps open callouts only for this reader: a
 * closed one is read again, so opening it takes effect at once.
 */
export function findCalloutToAnswer(ctx: AppContext, idOrSlug: string): Promise<ResponseCallout> {
  const key = isUuid(idOrSlug) ? idOrSlug.toLowerCase() : idOrSlug;
  return throughCalloutCache(ctx, "answer", key, async (now) => {
    const callout = await findCallout(ctx, idOrSlug);
    const open = calloutStatus(callout.starts, callout.expires, new Date(now)) === "open";
    return { value: callout, until: open ? statusChangeAfter(callout, now) : now };
  });
}

async function checkCaptcha(ctx: AppContext, token: string | undefined): Promise<void> {
  if (!token) {
    throw new AppError("captcha-required", { status: 401, message: "Please complete the captcha" });
  }
  const verdict = await ctx.captcha.verify(token);
  if (!verdict.ok) {
    const errors = verdict.errors.length > 0 ? verdict.errors.join(", ") : "unknown";
    throw new AppError("captcha-failed", { status: 401, message: `Captcha failed with error ${errors}` });
  }
}

/** The answers as the form allows them, or a 400 `invalid-callout-response` naming each problem. */
export function checkAnswers(callout: ResponseCallout, answers: unknown, now: Date): CalloutAnswers {
  const result = validateCalloutAnswers(callout.formSchema, answers, { now });
  if (result.ok) return result.answers;
  throw refuse(
    "invalid-answers",
    result.issues.map(({ property, issue }) => ({
      property,
      constraints: { [issue.code]: issueMessage(issue) },
      children: [],
    })),
  );
}

/** A guest's details as the response keeps them, and the confirmation their emailed link makes good. */
function guestDetails(ctx: AppContext, guest: Guest, body: CreateCalloutResponse) {
  return {
    name: `${guest.firstname} ${guest.lastname}`,
    email: guest.email.trim().toLowerCase(),
    confirmation: {
      id: ctx.newId(),
      firstname: guest.firstname,
      lastname: guest.lastname,
      // A guest's newsletter choice waits for the confirmation too.
      newsletter: body.newsletter ?? null,
      locale: body.locale ?? null,
    },
  };
}

export interface SubmitResponse {
  idOrSlug: string;
  body: CreateCalloutResponse;
  captchaToken: string | undefined;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string | undefined;
}

export interface SubmittedResponse {
  body: CalloutResponse | { id: string };
  /** True when this is the stored answer to an earlier request with the same idempotency key. */
  isReplay: boolean;
}

type Saved = { row: queries.ResponseRow; isReplay: false; isNew: boolean } | { answer: StoredAnswer; isReplay: true };

/** Saves the response, storing the answer with the idempotency key (if any) in the same statement or transaction. */
async function save(
  ctx: AppContext,
  callout: ResponseCallout,
  response: Omit<queries.NewResponse, "idempotency">,
  previousId: string | undefined,
  keyed: KeyedRequest | undefined,
  asCaller: boolean,
): Promise<Saved> {
  try {
    if (previousId) {
      const changes = {
        calloutId: callout.id,
        answers: response.answers,
        newsletter: response.newsletter,
        now: response.now,
      };
      const overwritten = keyed
        ? await ctx.db.transaction(async (tx) => {
            const row = await queries.overwriteResponse(tx, previousId, changes);
            if (row) await storeAnswer(ctx, tx, keyed, { status: 200, body: presentResponse(row) });
            return row;
          })
        : await queries.overwriteResponse(ctx.db, previousId, changes);
      // When the earlier response went meanwhile, the answer becomes a new one.
      if (overwritten) return { row: overwritten, isReplay: false, isNew: false };
    }
    const { number: _number, ...callerBody } = presentResponse({
      id: response.id,
      number: 0,
      createdAt: response.now,
      updatedAt: response.now,
      bucket: "",
      guestName: null,
      guestEmail: null,
    });
    const idempotency = keyed && {
      ...answerRow(ctx, keyed, { status: 200, body: asCaller ? callerBody : { id: response.id } }),
      numbered: asCaller,
    };
    const row = await insertBatcherOf(ctx.db).insert({ ...response, ...(idempotency ? { idempotency } : {}) });
    // Nothing saved: the callout closed (or went) since it was read.
    if (!row) throw refuse("closed");
    return { row, isReplay: false, isNew: true };
  } catch (error) {
    if (keyed && isKeyTaken(error)) return { answer: await winnersAnswer(ctx, keyed), isReplay: true };
    throw error;
  }
}

/**
 * Saves an answer to a callout (reference section 7.1, quirks fixed). A
 * logged-in caller linked to the response gets it back; everyone else gets
 * only its id. A guest's name and email stay on the response, which belongs
 * to nobody until the guest confirms the emailed link (decision 020). With an
 * idempotency key, a repeated request gets the first answer again.
 */
export async function submitResponse(
  ctx: AppContext,
  identity: Identity,
  input: SubmitResponse,
): Promise<SubmittedResponse> {
  const callout = await findCalloutToAnswer(ctx, input.idOrSlug);
  const keyed = keyedRequest(input.idempotencyKey, `POST /callout/${callout.id}/responses`, identity, input.body);
  const stored = keyed && (await findStoredAnswer(ctx, keyed));
  if (stored) return { body: stored.body as SubmittedResponse["body"], isReplay: true };

  const caller = identity.contact;
  if (caller && input.body.guest) throw refuse("logged-in-guest-fields");
  if (needsCaptcha(callout.captcha, caller !== null)) await checkCaptcha(ctx, input.captchaToken);

  const now = ctx.clock.now();
  if (calloutStatus(callout.starts, callout.expires, now) !== "open") throw refuse("closed");
  const responder = decideResponder(
    callout.access,
    { contactId: caller?.id ?? null, roles: identity.roles },
    input.body.guest,
  );
  const answers = checkAnswers(callout, input.body.answers, now);

  // Only responses linked to a contact count as theirs: a guest's never do.
  const contactId = responder.kind === "caller" ? responder.contactId : null;
  const previousId =
    contactId && !callout.allowMultiple ? await queries.findLatestResponseId(ctx.db, callout.id, contactId) : undefined;
  const action = saveAction(callout, responder, previousId !== undefined);
  const guest = responder.kind === "guest" ? guestDetails(ctx, responder.guest, input.body) : undefined;
  // A guest's confirmation email is written with the response, so there is never one without the other.
  const email = guest ? await guestConfirmationEmail(ctx, callout, guest) : undefined;
  const response = {
    id: ctx.newId(),
    calloutId: callout.id,
    contactId,
    answers,
    newsletter: contactId ? (input.body.newsletter ?? null) : null,
    attribution: input.body.attribution,
    now,
    ...(guest ? { guest } : {}),
    ...(email ? { email } : {}),
  };
  const saved = await save(
    ctx,
    callout,
    response,
    action === "update" ? previousId : undefined,
    keyed,
    responder.kind === "caller",
  );
  if (saved.isReplay) return { body: saved.answer.body as SubmittedResponse["body"], isReplay: true };
  if (email && saved.isNew) emailWritten(ctx, email);
  // Files in private answers are then served only to those who may read this response.
  await attachAnswerFiles(ctx, { id: saved.row.id, form: callout.formSchema, answers });
  if (contactId && input.body.locale) await rememberContactLocale(ctx, contactId, input.body.locale);
  if (contactId && response.newsletter?.optIn) {
    await applyNewsletterOptIn(ctx.db, contactId, response.newsletter.groups, "subscribed");
  }
  // After the save, which may be batched with other responses; answers go only to endpoints allowed them.
  await emitEvent(ctx, saved.isNew ? "callout_response.created" : "callout_response.updated", {
    id: saved.row.id,
    calloutId: callout.id,
    calloutSlug: callout.slug,
    contactId,
    createdAt: saved.row.createdAt.toISOString(),
    updatedAt: saved.row.updatedAt.toISOString(),
    answers,
  });
  if (saved.isNew) {
    // The response is saved: a failed notification must not make its author send it again.
    await notifyStaff(ctx, callout, saved.row).catch((error: unknown) => {
      ctx.log.error({ err: error, calloutId: callout.id }, "could not notify staff of a new response");
    });
  }
  return { body: responder.kind === "caller" ? presentResponse(saved.row) : { id: saved.row.id }, isReplay: false };
}
