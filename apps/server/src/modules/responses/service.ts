import type { CalloutResponse, CreateCalloutResponse } from "@cohort/common/callouts";
import { calloutStatus } from "@cohort/common/callouts";
import { issueMessage, validateCalloutAnswers } from "@cohort/common/callout-form";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import { AppError, notFound } from "../../http/errors.js";
import { calloutCacheOf } from "./callout-cache.js";
import { insertBatcherOf } from "./insert-batcher.js";
import { needsCaptcha, decideResponder, refuse, saveAction, type Responder } from "./policy.js";
import { presentResponse } from "./presenter.js";
import * as queries from "./queries.js";

export type ResponseCallout = queries.ResponseCalloutRow;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A callout by id (a UUID) or else by slug; 404 when there is none. */
export async function findCallout(ctx: AppContext, idOrSlug: string): Promise<ResponseCallout> {
  const callout = UUID_PATTERN.test(idOrSlug)
    ? await queries.findCalloutById(ctx.db, idOrSlug.toLowerCase())
    : await queries.findCalloutBySlug(ctx.db, idOrSlug);
  if (!callout) throw notFound("No callout with that id or slug");
  return callout;
}

/** `findCallout` through the short-lived cache, which keeps open callouts only. */
async function findCalloutToAnswer(ctx: AppContext, idOrSlug: string): Promise<ResponseCallout> {
  const cache = calloutCacheOf(ctx.db);
  const key = UUID_PATTERN.test(idOrSlug) ? idOrSlug.toLowerCase() : idOrSlug;
  const cached = cache.get(key);
  if (cached) return cached;
  const callout = await findCallout(ctx, idOrSlug);
  if (calloutStatus(callout.starts, callout.expires, ctx.clock.now()) === "open") cache.set(key, callout);
  return callout;
}

/** Call after changing or deleting a callout, so this server copy stops using its cached form at once. */
export function forgetCallout(ctx: AppContext, calloutId: string): void {
  calloutCacheOf(ctx.db).forget(calloutId);
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

function checkAnswers(callout: ResponseCallout, answers: unknown, now: Date): CalloutAnswers {
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

/** The contact a response is saved under, creating a guest's contact on first use. */
async function responderContactId(ctx: AppContext, responder: Responder): Promise<string | null> {
  if (responder.kind === "caller") return responder.contactId;
  if (responder.kind === "nobody") return null;
  const { guest } = responder;
  const contact = {
    id: ctx.newId(),
    email: guest.email.trim().toLowerCase(),
    firstname: guest.firstname,
    lastname: guest.lastname,
    joined: ctx.clock.now(),
  };
  // A second try finds the contact another request created at the same moment.
  const id =
    (await queries.findOrInsertGuestContact(ctx.db, contact)) ??
    (await queries.findOrInsertGuestContact(ctx.db, contact));
  if (!id) throw new Error("the guest's contact could be neither found nor created");
  return id;
}

export interface SubmitResponse {
  idOrSlug: string;
  body: CreateCalloutResponse;
  captchaToken: string | undefined;
}

/**
 * Saves an answer to a callout (reference section 7.1, quirks fixed). A
 * logged-in caller linked to the response gets it back; everyone else gets
 * only its id.
 */
export async function submitResponse(
  ctx: AppContext,
  identity: Identity,
  input: SubmitResponse,
): Promise<CalloutResponse | { id: string }> {
  const callout = await findCalloutToAnswer(ctx, input.idOrSlug);
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

  const contactId = await responderContactId(ctx, responder);
  const previousId =
    contactId && !callout.allowMultiple ? await queries.findLatestResponseId(ctx.db, callout.id, contactId) : undefined;
  const action = saveAction(callout, responder, previousId !== undefined);
  const changes = {
    calloutId: callout.id,
    answers,
    newsletter: contactId ? (input.body.newsletter ?? null) : null,
    now,
  };
  const overwritten =
    action === "update" && previousId ? await queries.overwriteResponse(ctx.db, previousId, changes) : undefined;
  // When the earlier response went meanwhile, the answer becomes a new one.
  const saved = overwritten ?? (await insertBatcherOf(ctx.db).insert({ ...changes, id: ctx.newId(), contactId }));
  // Nothing saved: the callout closed (or went) since it was read.
  if (!saved) throw refuse("closed");
  return responder.kind === "caller" ? presentResponse(saved) : { id: saved.id };
}
