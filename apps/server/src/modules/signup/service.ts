import type { Attribution } from "@cohort/common/attribution";
import type { Contact } from "@cohort/common/contacts";
import type { ConfirmEmail, PaymentFlowParams, Signup, SignupComplete } from "@cohort/common/contributions";
import { toMinorUnits } from "@cohort/common/contributions";
import { ONE_WEEK } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import type { ContributionForm } from "../../db/schema/index.js";
import type { Identity } from "../../http/auth.js";
import { notFound } from "../../http/errors.js";
import { assertOwnLink } from "../../http/links.js";
import type { PaymentProviderId } from "../../providers/payment/index.js";
import { hashPassword } from "../../lib/password.js";
import { getMfa } from "../auth/mfa-service.js";
import * as contactRecords from "../contacts/records/service.js";
import { duplicateEmail, getContact } from "../contacts/service.js";
import { checkPaymentFlow, completePaymentFlow, startPaymentFlow } from "../contributions/flows.js";
import { activateContribution } from "../contributions/service.js";
import {
  findStoredAnswer,
  isKeyTaken,
  keyedRequest,
  storeAnswer,
  winnersAnswer,
  type StoredAnswer,
} from "../idempotency/service.js";
import { sendConfirmationEmail, sendJoinedEmails } from "./confirmation.js";
import * as queries from "./queries.js";

/** How long a confirmation link works. */
export const JOIN_FLOW_LIFETIME = ONE_WEEK;
/** How long after an unconfirmed join its link can still be renewed. */
export const JOIN_FLOW_RENEWABLE = 4 * ONE_WEEK;

const unknownFlow = () => notFound("This link is unknown or has expired");

function openSince(ctx: AppContext): Date {
  return new Date(ctx.clock.now().getTime() - JOIN_FLOW_LIFETIME);
}

function contributionForm(contribution: NonNullable<Signup["contribution"]>): ContributionForm {
  return {
    amount: toMinorUnits(contribution.amount),
    period: contribution.period,
    payFee: contribution.payFee,
    prorate: contribution.prorate,
    paymentMethod: contribution.paymentMethod,
  };
}

export interface SignupAnswer {
  /** 200 with the provider step of a paid join; 204 (body null) for a free one. */
  status: 200 | 204;
  body: PaymentFlowParams | null;
  /** True when this is the stored answer to an earlier request with the same idempotency key. */
  isReplay: boolean;
}

const replayed = (answer: StoredAnswer): SignupAnswer => ({
  status: answer.status === 204 ? 204 : 200,
  body: answer.body as PaymentFlowParams | null,
  isReplay: true,
});

export interface SignupRequest {
  identity: Identity;
  /** The `Idempotency-Key` header, when sent. */
  idempotencyKey?: string | undefined;
}

/**
 * Stores the join form. A free membership is asked to confirm its address
 * straight away (no body); a paid one first goes to the payment provider
 * (answers what the browser does next). With an idempotency key, the answer
 * is stored in the transaction that finishes the join flow, and a repeated
 * request gets it again instead of a second join flow.
 */
export async function signup(ctx: AppContext, input: Signup, request: SignupRequest): Promise<SignupAnswer> {
  // Every link of the join is checked before anything is looked up or stored (decision 049).
  assertOwnLink(ctx.config, "loginUrl", input.loginUrl, "site");
  assertOwnLink(ctx.config, "setPasswordUrl", input.setPasswordUrl, "site");
  assertOwnLink(ctx.config, "confirmUrl", input.confirmUrl, "site");
  if (input.contribution) {
    assertOwnLink(ctx.config, "contribution.completeUrl", input.contribution.completeUrl, "return");
  }
  const keyed = keyedRequest(request.idempotencyKey, "POST /signup", request.identity, input);
  const stored = keyed && (await findStoredAnswer(ctx, keyed));
  if (stored) return replayed(stored);
  const flow: queries.JoinFlowRow = {
    id: ctx.newId(),
    email: input.email,
    passwordHash: input.password ? await hashPassword(ctx, input.password) : null,
    firstname: "",
    lastname: "",
    vatNumber: null,
    contribution: input.contribution ? contributionForm(input.contribution) : null,
    paymentFlowId: null,
    loginUrl: input.loginUrl,
    setPasswordUrl: input.setPasswordUrl,
    confirmUrl: input.confirmUrl,
    locale: input.locale ?? null,
    attribution: input.attribution && Object.keys(input.attribution).length > 0 ? input.attribution : null,
    createdAt: ctx.clock.now(),
    confirmedAt: null,
  };
  // An active member's address gets the same answer as anyone's, so the answer tells no one
  // who is a member (decision 049): a paid join goes to the provider too, and the email sent
  // after that step says they already have a membership. Nothing is charged: a join's payment
  // is only finalised through the confirmation link, which a member is not sent.
  if (!flow.contribution || !input.contribution) {
    try {
      await ctx.db.transaction(async (tx) => {
        await queries.insertJoinFlow(tx, flow);
        await sendConfirmationEmail(ctx, flow, tx);
        if (keyed) await storeAnswer(ctx, tx, keyed, { status: 204, body: null });
      });
    } catch (error) {
      if (keyed && isKeyTaken(error)) return replayed(await winnersAnswer(ctx, keyed));
      throw error;
    }
    return { status: 204, body: null, isReplay: false };
  }
  await queries.insertJoinFlow(ctx.db, flow);
  let started: Awaited<ReturnType<typeof startPaymentFlow>>;
  try {
    started = await startPaymentFlow(ctx, {
      purpose: "join",
      contactId: null,
      email: flow.email,
      form: flow.contribution,
      completeUrl: input.contribution.completeUrl,
      completeUrlField: "contribution.completeUrl",
    });
  } catch (error) {
    await queries.deleteJoinFlow(ctx.db, flow.id);
    throw error;
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await queries.updateJoinFlow(tx, flow.id, { paymentFlowId: started.flowId });
      if (keyed) await storeAnswer(ctx, tx, keyed, { status: 200, body: started.params });
    });
  } catch (error) {
    if (!keyed || !isKeyTaken(error)) throw error;
    // A request with the same key finished first: its join flow is the one that counts.
    await queries.deleteJoinFlow(ctx.db, flow.id);
    return replayed(await winnersAnswer(ctx, keyed));
  }
  return { status: 200, body: started.params, isReplay: false };
}

/**
 * After the payment provider's step: adds the names and asks the person to
 * confirm their address. A payment that failed, or a step the person did not
 * finish, is refused with the provider's 400 and sends nothing: a link that
 * could only fail is never mailed.
 */
export async function completeSignup(ctx: AppContext, input: SignupComplete): Promise<void> {
  const found = await queries.findOpenJoinFlowByProviderFlow(ctx.db, input.paymentFlowId, openSince(ctx));
  if (!found) throw unknownFlow();
  await checkPaymentFlow(ctx, found.paymentFlow);
  const changes = {
    ...(input.firstname ? { firstname: input.firstname } : {}),
    ...(input.lastname ? { lastname: input.lastname } : {}),
    ...(input.vatNumber ? { vatNumber: input.vatNumber } : {}),
  };
  if (Object.keys(changes).length > 0) await queries.updateJoinFlow(ctx.db, found.joinFlow.id, changes);
  await sendConfirmationEmail(ctx, { ...found.joinFlow, ...changes });
}

/**
 * Sends the confirmation link of an unconfirmed join flow again, for a link
 * that has run out. Only the holder of the link can ask, and the email goes to
 * the address the flow was started with; the link then works for another week.
 */
export async function resendConfirmation(ctx: AppContext, input: ConfirmEmail): Promise<void> {
  const renewableSince = new Date(ctx.clock.now().getTime() - JOIN_FLOW_RENEWABLE);
  const flow = await queries.findOpenJoinFlow(ctx.db, input.joinFlowId, renewableSince);
  if (!flow) throw unknownFlow();
  await ctx.db.transaction(async (tx) => {
    await queries.updateJoinFlow(tx, flow.id, { createdAt: ctx.clock.now() });
    await sendConfirmationEmail(ctx, flow, tx);
  });
}

/** The contact's columns for the campaign fields a join came with (decision 074), all four together. */
function joinAttributionColumns(attribution: Attribution) {
  return {
    joinUtmSource: attribution.utmSource ?? null,
    joinUtmMedium: attribution.utmMedium ?? null,
    joinUtmCampaign: attribution.utmCampaign ?? null,
    joinRef: attribution.ref ?? null,
  };
}

/**
 * Creates the contact of a join flow, or brings back an inactive one with the
 * same address. An account's password is never replaced here: whoever started
 * the join chose it, and the owner who clicks the link may not be that person.
 * A contact without one gets the password the join form set.
 */
async function saveContact(
  ctx: AppContext,
  flow: queries.JoinFlowRow,
  existing: contactRecords.ContactRow | undefined,
): Promise<contactRecords.ContactRow> {
  if (existing) {
    const changes = {
      ...(flow.firstname ? { firstname: flow.firstname } : {}),
      ...(flow.lastname ? { lastname: flow.lastname } : {}),
      ...(flow.passwordHash && !existing.passwordHash ? { passwordHash: flow.passwordHash, passwordTries: 0 } : {}),
      // A language chosen before (on the account page) stays.
      ...(flow.locale && !existing.locale ? { locale: flow.locale } : {}),
      // A join from a campaign link says where this return came from; one without keeps the earlier answer.
      ...(flow.attribution ? joinAttributionColumns(flow.attribution) : {}),
    };
    if (Object.keys(changes).length === 0) return existing;
    const updated = await contactRecords.updateContact(ctx, existing.id, changes);
    if (!updated) throw unknownFlow();
    return updated;
  }
  try {
    return await ctx.db.transaction(async (tx) => {
      const created = await contactRecords.insertContact(
        { ...ctx, db: tx },
        {
          id: ctx.newId(),
          email: flow.email,
          firstname: flow.firstname,
          lastname: flow.lastname,
          joined: ctx.clock.now(),
          passwordHash: flow.passwordHash,
          contributionType: "None",
          locale: flow.locale,
          ...(flow.attribution ? joinAttributionColumns(flow.attribution) : {}),
        },
      );
      await contactRecords.emitContactEvent({ ...ctx, db: tx }, "contact.created", created.id);
      return created;
    });
  } catch (error) {
    if (isUniqueViolation(error, "contacts_email_key")) throw duplicateEmail();
    throw error;
  }
}

/** Completes the provider flow of a paid join; null for a free one. */
async function completeJoinPayment(ctx: AppContext, flow: queries.JoinFlowRow) {
  if (!flow.paymentFlowId) return null;
  const paymentFlow = await queries.findPaymentFlow(ctx.db, flow.paymentFlowId);
  if (!paymentFlow) throw unknownFlow();
  return completePaymentFlow(ctx, paymentFlow.providerFlowId);
}

/** A confirmed join: the contact, and whether the link may log them in. */
export interface ConfirmedJoin {
  contactId: string;
  /**
   * False for an account that asks more than an email link to get in (a second factor) or
   * that holds staff rights: its owner logs in as usual, since the join may have been started
   * by someone else and a link must not get past the login's checks.
   */
  logsIn: boolean;
}

/**
 * Confirms the address of a join flow: the contact is created (or an
 * inactive one updated) and, for a paid join, the contribution started. Each
 * link works once.
 */
export async function confirmEmail(ctx: AppContext, input: ConfirmEmail): Promise<ConfirmedJoin> {
  const now = ctx.clock.now();
  const flow = await queries.findOpenJoinFlow(ctx.db, input.joinFlowId, openSince(ctx));
  if (!flow) throw unknownFlow();
  const existing = await contactRecords.findContactByEmailIgnoringCase(ctx, flow.email);
  if (existing && (await contactRecords.isActiveMember(ctx, existing.id, now))) throw duplicateEmail();
  if (!(await queries.claimJoinFlow(ctx.db, flow.id, now))) throw unknownFlow();
  let contact: contactRecords.ContactRow;
  let payment: Awaited<ReturnType<typeof completeJoinPayment>>;
  try {
    // The provider's step is finished first: if it was not done, nothing is created and the link still works.
    payment = await completeJoinPayment(ctx, flow);
    contact = await saveContact(ctx, flow, existing);
  } catch (error) {
    await queries.releaseJoinFlow(ctx.db, flow.id);
    throw error;
  }
  if (payment) {
    const { flow: paymentFlow, mandate } = payment;
    await activateContribution(ctx, {
      contactId: contact.id,
      provider: paymentFlow.provider as PaymentProviderId,
      mandate,
      form: paymentFlow.form,
    });
  }
  await sendJoinedEmails(ctx, contact, flow);
  const asksMore =
    existing !== undefined &&
    ((await getMfa(ctx, existing.id)) !== null || (await contactRecords.isActiveAdmin(ctx, existing.id, now)));
  return { contactId: contact.id, logsIn: !asksMore };
}

/** The contact as GET /contact/me shows it without extras. */
export async function presentJoinedContact(ctx: AppContext, contactId: string): Promise<Contact> {
  const isAdminViewer = await contactRecords.isActiveAdmin(ctx, contactId, ctx.clock.now());
  return getContact(ctx, contactId, { with: [], isAdminViewer });
}
