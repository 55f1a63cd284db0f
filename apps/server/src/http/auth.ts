import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from "fastify";
import fp from "fastify-plugin";
import type { AuthMethod } from "@cohort/common/auth";
import type { RoleType } from "@cohort/common/contacts";
import type { ErrorCode } from "@cohort/common/errors";
import { activeRoleNames } from "@cohort/common/contacts";
import { CONTACT_ID_HEADER, REQUESTED_WITH_HEADER } from "@cohort/common/http";
import { ONE_DAY } from "@cohort/common/time";
import type { Actor, AppContext } from "../context.js";
import { verifyApiKeyToken } from "../modules/api-keys/service.js";
import { resolveSession } from "../modules/auth/service.js";
import { findContactById, findRoles, type ContactRow } from "../modules/contacts/records/service.js";
import { mayBeActedAsByKey } from "../modules/contacts/policy.js";
import { resolveContactParam, type ContactParam } from "./contact-param.js";
import { AppError, forbidden, notAuthenticated } from "./errors.js";

/**
 * Who may call a route. Every API route must declare one.
 * - public: anyone
 * - user: any authenticated caller (session or API key)
 * - contact: a caller acting as a contact (session, or API key with X-Contact-Id)
 * - admin / superadmin: a caller holding that role
 */
export type Access = "public" | "user" | "contact" | "admin" | "superadmin";

export interface RouteAccess {
  method: string;
  url: string;
  access: Access;
  /** The route's request schemas, so the input fuzz test can shape its input. */
  schema?: FastifySchema | undefined;
}

/** A route's own error codes, by HTTP status. */
export type RouteErrors = Partial<Record<number, readonly ErrorCode[]>>;

export interface Identity {
  method: AuthMethod;
  contact: ContactRow | null;
  roles: RoleType[];
  /** The session behind a cookie-authenticated request. */
  sessionId?: string;
  /** The key behind a bearer-authenticated request. */
  apiKeyId?: string;
}

declare module "fastify" {
  interface FastifyContextConfig {
    access?: Access;
    /** Skip the requested-with check (for uploads posted by plain forms, provider webhooks). */
    skipRequestedWith?: boolean;
    /** Resolve the route's `:id` (`me` or a contact UUID) into `request.contactId` before the handler runs. */
    contactParam?: ContactParam;
    /**
     * The route's own error codes by status (`not-found`, `invalid-rule`, …), beside the
     * generic ones of its access level: the API description lists them, and the error
     * handling notes any other code the route answers with (decisions 076, 082). Every
     * route with an access level declares them (`{}` for none): the app refuses to start
     * without.
     */
    errors?: RouteErrors;
  }
  interface FastifyRequest {
    identity: Identity;
    ctx: AppContext;
    /** The contact the route's `:id` names, on routes that declare `config.contactParam`. */
    contactId: string;
  }
  interface FastifyInstance {
    /** Every API route with its declared access level (for the access tests). */
    routeAccess: RouteAccess[];
    /** `METHOD url status code` of each error a route answered with that its `config.errors` does not list. */
    undeclaredErrors: Set<string>;
  }
}

const anonymous = (): Identity => ({ method: "none", contact: null, roles: [] });
const STATE_CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export function isLocalHostname(hostname: string): boolean {
  const host = hostname.replace(/:\d+$/, "").replace(/^\[|\]$/g, "");
  return host === "localhost" || host.endsWith(".localhost") || host === "127.0.0.1" || host === "::1";
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  const { cookieName, secure } = request.ctx.config.session;
  reply.setCookie(cookieName, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: secure === "auto" ? !isLocalHostname(request.hostname) : secure,
    expires: expiresAt,
    maxAge: Math.max(0, Math.floor((expiresAt.getTime() - request.ctx.clock.now().getTime()) / 1000)),
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(request.ctx.config.session.cookieName, { path: "/" });
}

async function identifyByApiKey(request: FastifyRequest, token: string): Promise<Identity> {
  const key = await verifyApiKeyToken(request.ctx, token);
  if (!key) return anonymous();
  const contactId = request.headers[CONTACT_ID_HEADER];
  if (typeof contactId !== "string" || contactId === "") {
    return { method: "api-key", contact: null, roles: ["admin"], apiKeyId: key.id };
  }
  const contact = /^[0-9a-f-]{36}$/i.test(contactId) ? await findContactById(request.ctx, contactId) : undefined;
  if (!contact) return anonymous();
  // A key is admin-level at most, so it never speaks for an admin or a superadmin (decision 017).
  if (!(await mayBeActedAsByKey(request.ctx, contact.id))) {
    throw new AppError("forbidden", {
      status: 403,
      message: "An API key cannot act as a contact who holds the admin or superadmin role.",
    });
  }
  const roles = activeRoleNames(await findRoles(request.ctx, contact.id), request.ctx.clock.now());
  return { method: "api-key", contact, roles, apiKeyId: key.id };
}

async function identify(request: FastifyRequest, reply: FastifyReply): Promise<Identity> {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith("Bearer ")) {
    return identifyByApiKey(request, authorization.slice("Bearer ".length).trim());
  }
  const token = request.cookies[request.ctx.config.session.cookieName];
  if (!token) return anonymous();
  const session = await resolveSession(request.ctx, token);
  if (!session) {
    clearSessionCookie(request, reply);
    return anonymous();
  }
  if (session.renewedUntil) setSessionCookie(request, reply, token, session.renewedUntil);
  const roles = activeRoleNames(await findRoles(request.ctx, session.contact.id), request.ctx.clock.now());
  return { method: "user", contact: session.contact, roles, sessionId: session.id };
}

/** The actor the activity record names for a caller (decision 070). */
export function actorOf(identity: Identity): Actor {
  return {
    contactId: identity.contact?.id ?? null,
    apiKeyId: identity.apiKeyId ?? null,
    isStaff: identity.method === "api-key" || identity.roles.includes("admin"),
  };
}

export function checkAccess(access: Access, identity: Identity): void {
  switch (access) {
    case "public":
      return;
    case "user":
      if (identity.method === "none") throw notAuthenticated();
      return;
    case "contact":
      if (!identity.contact) throw notAuthenticated();
      return;
    case "admin":
    case "superadmin":
      if (!identity.roles.includes(access)) throw forbidden();
      return;
  }
}

/** Resolves the caller, enforces the requested-with rule and the route's access level. */
export const authPlugin = fp(async (app: FastifyInstance, options: { ctx: AppContext; routeAccess: RouteAccess[] }) => {
  app.decorateRequest("identity", null as unknown as Identity);
  app.decorateRequest("ctx", null as unknown as AppContext);
  app.decorateRequest("contactId", "");

  app.addHook("onRoute", (route) => {
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no access level`);
    }
    // Its own error codes too, `{}` when it answers only the generic ones (decision 082).
    if (!route.config?.errors) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares no errors`);
    }
    if (route.config?.contactParam && !route.url.includes("/:id")) {
      throw new Error(`Route ${String(route.method)} ${route.url} declares contactParam but has no :id`);
    }
    for (const method of [route.method].flat()) {
      if (method !== "HEAD") options.routeAccess.push({ method, url: route.url, access, schema: route.schema });
    }
  });

  app.addHook("onRequest", async (request, reply) => {
    request.ctx = { ...options.ctx, log: request.log };
    request.identity = await identify(request, reply);
    request.ctx.actor = actorOf(request.identity);
    const config = request.routeOptions.config;
    if (
      STATE_CHANGING.has(request.method) &&
      request.identity.method !== "api-key" &&
      !config.skipRequestedWith &&
      !request.headers[REQUESTED_WITH_HEADER]
    ) {
      throw new AppError("missing-requested-with", {
        status: 403,
        message: "Requests that change data must carry the X-Requested-With header.",
      });
    }
    checkAccess(config.access ?? "admin", request.identity);
  });

  app.addHook("preHandler", async (request) => {
    const mode = request.routeOptions.config.contactParam;
    if (mode) request.contactId = await resolveContactParam(request, mode);
  });
});

export const SESSION_CLEANUP_INTERVAL_MS = ONE_DAY;
