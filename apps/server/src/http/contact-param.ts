import type { FastifyRequest } from "fastify";
import { isUuid } from "@cohort/common/http";
import { assertMayManageContact } from "../modules/contacts/policy.js";
import type { Identity } from "./auth.js";
import { AppError, notAuthenticated } from "./errors.js";

/**
 * How a route's `:id` (`me` or a contact UUID) is resolved before its handler
 * runs, declared as `config.contactParam`:
 * - `read`: the caller themselves, or anyone when the caller is an admin (an
 *   API key without X-Contact-Id is one);
 * - `manage`: as `read`, and an admin may only name a contact who does not
 *   outrank them (decision 017).
 * The handler reads the result as `request.contactId`.
 */
export type ContactParam = "read" | "manage";

/**
 * The contact id an `:id` names, once the caller may act on it. The id's form
 * is checked before the caller's rights and before the contact's existence
 * (decision 024).
 */
function resolveContactId(identity: Identity, idParam: string): string {
  if (idParam === "me") {
    if (!identity.contact) throw notAuthenticated();
    return identity.contact.id;
  }
  if (!isUuid(idParam)) {
    throw new AppError("invalid-request", { status: 400, message: "The contact id must be a UUID or 'me'." });
  }
  if (identity.contact?.id === idParam) return idParam;
  if (!identity.roles.includes("admin")) throw notAuthenticated();
  return idParam;
}

/** Resolves the `:id` of a route that declares `contactParam` (run as a `preHandler`, after validation). */
export async function resolveContactParam(request: FastifyRequest, mode: ContactParam): Promise<string> {
  const { id } = request.params as { id?: unknown };
  if (typeof id !== "string") throw new Error(`Route ${request.routeOptions.url} has no :id to resolve`);
  const contactId = resolveContactId(request.identity, id);
  if (mode === "manage") await assertMayManageContact(request.ctx, request.identity, contactId);
  return contactId;
}
