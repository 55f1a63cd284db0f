import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ONE_HOUR, ONE_MINUTE } from "@cohort/common/time";
import { AppError } from "./errors.js";

/**
 * Public calls that send an email (joining, password and device resets) are
 * limited per client address and per recipient, so that nobody can flood an
 * inbox or the outgoing mail server. Counts are kept in memory by each server
 * copy, so with several copies a client gets a few more tries in all.
 */
export const EMAIL_LIMITS = {
  perClient: { max: 20, timeWindow: 15 * ONE_MINUTE },
  perRecipient: { max: 5, timeWindow: ONE_HOUR },
} as const;

const tooManyRequests = (after: string) =>
  new AppError("too-many-requests", { status: 429, message: `Too many requests, please try again in ${after}.` });

export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.after),
  });
}

function recipientOf(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (typeof body !== "object" || body === null || !("email" in body)) return undefined;
  return typeof body.email === "string" ? body.email.trim().toLowerCase() : undefined;
}

/**
 * Route options for a public call that emails the address in its body; spread
 * `config` into the route's config and add `preHandler`.
 */
export function emailSendingLimits(app: FastifyInstance, name: string) {
  const perRecipient = app.createRateLimit({
    ...EMAIL_LIMITS.perRecipient,
    keyGenerator: (request) => `${name}:${recipientOf(request) ?? ""}`,
  });
  return {
    config: { rateLimit: { ...EMAIL_LIMITS.perClient } },
    preHandler: async (request: FastifyRequest) => {
      if (recipientOf(request) === undefined) return;
      const result = await perRecipient(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooManyRequests(`${Math.ceil(result.ttl / ONE_MINUTE)} minutes`);
      }
    },
  };
}

/**
 * The window of `GUEST_RESPONSE_LIMIT`, and how many responses may ask one
 * email address to confirm per hour (a retry counts too, hence more than
 * `EMAIL_LIMITS.perRecipient`).
 */
export const GUEST_RESPONSE_WINDOW = 10 * ONE_MINUTE;
export const GUEST_RESPONSES_PER_RECIPIENT = { max: 10, timeWindow: ONE_HOUR } as const;

function guestEmailOf(request: FastifyRequest): string | undefined {
  const body = request.body as { guest?: { email?: unknown } } | null | undefined;
  const email = typeof body === "object" && body !== null ? body.guest?.email : undefined;
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

/**
 * A `preHandler` for callout responses: a visitor who gives guest details
 * (which store a claimed identity and email a confirmation link) is limited
 * per client address (`GUEST_RESPONSE_LIMIT` in 10 minutes; 0 for none) and
 * per email address, in memory on each server copy like the other limits
 * here. Logged-in callers and anonymous responses are not counted.
 */
export function guestResponseLimits(app: FastifyInstance) {
  const byClient = app.createRateLimit({
    max: (request) => request.ctx.config.guestResponseLimit,
    timeWindow: GUEST_RESPONSE_WINDOW,
    keyGenerator: (request) => `guest-response:${request.ip}`,
  });
  const byRecipient = app.createRateLimit({
    ...GUEST_RESPONSES_PER_RECIPIENT,
    keyGenerator: (request) => `guest-response:${guestEmailOf(request) ?? ""}`,
  });
  return async (request: FastifyRequest) => {
    if (request.identity.contact || guestEmailOf(request) === undefined) return;
    const limits = request.ctx.config.guestResponseLimit > 0 ? [byClient, byRecipient] : [byRecipient];
    for (const limit of limits) {
      const result = await limit(request);
      if (!result.isAllowed && result.isExceeded) {
        throw tooManyRequests(`${Math.ceil(result.ttl / ONE_MINUTE)} minutes`);
      }
    }
  };
}
