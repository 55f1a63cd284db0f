import { ONE_DAY } from "@cohort/common/time";
import type { AppContext } from "../../context.js";
import { AppError, notFound } from "../../http/errors.js";
import { assertOwnLink } from "../../http/links.js";
import { getMfa, removeMfa } from "../auth/mfa-service.js";
import { hashPassword } from "../../lib/password.js";
import { endOtherSessions, verifyCurrentCode, verifyLogin } from "../auth/service.js";
import { findContactByEmailIgnoringCase, findContactById, setPassword } from "../contacts/records/service.js";
import { sendEmail } from "../emails/service.js";
import * as queries from "./queries.js";

/** Reset links work for a day. */
export const RESET_FLOW_LIFETIME = ONE_DAY;

export type ResetFlowType = queries.ResetFlowRow["type"];

export interface ResetRequest {
  email: string;
  resetUrl: string;
}

export interface PasswordResetInput {
  password: string;
  token?: string | undefined;
}

export interface DeviceResetInput {
  password: string;
}

/** Stores a reset link for the contact and returns its id. */
export async function createResetFlow(ctx: AppContext, contactId: string, type: ResetFlowType): Promise<string> {
  const id = ctx.newId();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + RESET_FLOW_LIFETIME);
  await queries.insertResetFlow(ctx.db, { id, contactId, type, createdAt: now, expiresAt });
  return id;
}

function resetLink(resetUrl: string, flowId: string): string {
  return `${resetUrl.replace(/\/+$/, "")}/${flowId}`;
}

async function sendResetEmail(
  ctx: AppContext,
  contact: { id: string; email: string; firstname: string; lastname: string },
  templateId: "reset-password" | "reset-device",
  link: string,
): Promise<void> {
  await sendEmail(ctx, {
    templateId,
    to: { email: contact.email },
    contactId: contact.id,
    mergeFields: { FNAME: contact.firstname, LNAME: contact.lastname, RPLINK: link },
  });
}

/** Sends a link to set a new password when the address belongs to a contact; says nothing either way. */
export async function requestPasswordReset(ctx: AppContext, input: ResetRequest): Promise<void> {
  // Checked before the address is looked up, so the answer says nothing about it.
  assertOwnLink(ctx.config, "resetUrl", input.resetUrl, "site");
  const contact = await findContactByEmailIgnoringCase(ctx, input.email);
  if (!contact) return;
  const flowId = await createResetFlow(ctx, contact.id, "password");
  await sendResetEmail(ctx, contact, "reset-password", resetLink(input.resetUrl, flowId));
}

/** Sends a link to remove the second factor when the address belongs to a contact who has one. */
export async function requestDeviceReset(ctx: AppContext, input: ResetRequest): Promise<void> {
  assertOwnLink(ctx.config, "resetUrl", input.resetUrl, "site");
  const contact = await findContactByEmailIgnoringCase(ctx, input.email);
  if (!contact || !(await getMfa(ctx, contact.id))) return;
  const flowId = await createResetFlow(ctx, contact.id, "totp");
  await sendResetEmail(ctx, contact, "reset-device", resetLink(input.resetUrl, flowId));
}

async function liveFlowOfType(ctx: AppContext, flowId: string, type: ResetFlowType): Promise<queries.ResetFlowRow> {
  const flow = await queries.findLiveResetFlow(ctx.db, flowId, ctx.clock.now());
  if (!flow) throw notFound("This link is unknown or has expired");
  if (flow.type !== type) {
    throw new AppError("wrong-type", { status: 400, message: "This link is not for that kind of reset" });
  }
  return flow;
}

/** Uses up the link and every other reset link of the contact; a link used meanwhile is refused. */
async function consumeFlows(ctx: AppContext, flow: queries.ResetFlowRow): Promise<void> {
  if (!(await queries.deleteResetFlowsOf(ctx.db, flow.contactId, flow.id))) {
    throw notFound("This link is unknown or has expired");
  }
}

/**
 * Sets a new password through a reset link. People with 2FA also give a
 * current code, checked and counted as at login (so not while the account is
 * locked). The account is unlocked, all reset links of the contact are
 * used up and every other session ends. Returns the contact id to log in.
 */
export async function completePasswordReset(
  ctx: AppContext,
  flowId: string,
  input: PasswordResetInput,
  address: string,
): Promise<string> {
  const flow = await liveFlowOfType(ctx, flowId, "password");
  const mfa = await getMfa(ctx, flow.contactId);
  if (mfa) {
    if (!input.token) {
      throw new AppError("mfa-token-required", { status: 400, message: "Enter the code from your authenticator app" });
    }
    await verifyCurrentCode(ctx, flow.contactId, input.token, address);
  }
  const passwordHash = await hashPassword(ctx, input.password);
  await consumeFlows(ctx, flow);
  await setPassword(ctx, flow.contactId, passwordHash);
  await endOtherSessions(ctx, flow.contactId, null);
  return flow.contactId;
}

/**
 * Removes the second factor through a reset link, after the password is
 * checked exactly as at login (failures count towards the lock and are slowed
 * down). Returns the contact id to log in.
 */
export async function completeDeviceReset(
  ctx: AppContext,
  flowId: string,
  input: DeviceResetInput,
  address: string,
): Promise<string> {
  const flow = await liveFlowOfType(ctx, flowId, "totp");
  const contact = await findContactById(ctx, flow.contactId);
  if (!contact) throw notFound("This link is unknown or has expired");
  try {
    // The link was sent to the account's email address: a stranger's failures elsewhere do not hold it back.
    await verifyLogin(ctx, { email: contact.email, password: input.password }, address, { vouched: true });
  } catch (error) {
    // Asking for the code means the password was right, which is all this step checks.
    if (!(error instanceof AppError && error.code === "requires-2fa")) throw error;
  }
  await consumeFlows(ctx, flow);
  if (!(await removeMfa(ctx, flow.contactId))) throw notFound("Contact has no 2FA");
  return flow.contactId;
}

/*
 * The links of failed renewals (decision 066) are reset flows of the type `payment`: the
 * recovery module makes and uses them here, where the links are kept (decision 083).
 */

/** Stores the link by which a member updates the payment method of a failed renewal. */
export async function insertPaymentLink(
  ctx: Pick<AppContext, "db">,
  link: Parameters<typeof queries.insertResetFlow>[1] & { type: "payment" },
): Promise<void> {
  await queries.insertResetFlow(ctx.db, link);
}

/** Uses up an update-payment link; false when it was already used. */
export function usePaymentLink(ctx: Pick<AppContext, "db">, linkId: string): Promise<boolean> {
  return queries.deletePaymentLink(ctx.db, linkId);
}
