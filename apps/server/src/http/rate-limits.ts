import { createHmac } from "node:crypto";
import fastifyRateLimit from "@fastify/rate-limit";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ONE_HOUR, ONE_MINUTE } from "@cohort/common/time";
import { clientKey, takeHit, takeHitTogether, type WindowLimit } from "../modules/throttle/service.js";
import { appKey } from "../db/app-keys.js";
import { AppError } from "./errors.js";

/**
 * Public calls that send an email (joining, password and device resets) are
 * limited per client address and per recipient, so that nobody can flood an
 * inbox or the outgoing mail server. The counts are rows of the database's
 * throttle counters, so every server copy shares them (decision 038).
 */
export const EMAIL_LIMITS = {
  perClient: { max: 20, windowMs: 15 * ONE_MINUTE },
  perRecipient: { max: 5, windowMs: ONE_HOUR },
} as const satisfies Record<string, WindowLimit>;

const tooManyRequests = (after: string) =>
  new AppError("too-many-requests", { status: 429, message: `Too many requests, please try again in ${after}.` });

/**
 * The in-memory limits of routes that set `config.rateLimit` (each copy
 * counts for itself); the limits below are shared by every copy instead.
 */
export async function registerRateLimiting(app: FastifyInstance): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => tooManyRequests(context.after),
  });
}

/** Geocoding searches per client address, counted by each server copy. */
export const GEOCODE_LIMITS = { max: 60, timeWindow: ONE_MINUTE } as const;

/**
 * Counts one hit for `key`; when its window is full, answers 429 with the
 * seconds until the window ends in `Retry-After`. `take` is how it is
 * counted: alone, or together with other requests' hits of the moment.
 */
async function countHit(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  limit: WindowLimit,
  take: typeof takeHit = takeHit,
): Promise<void> {
  if (await take(request.ctx, key, limit)) return;
  throw refusedFor(reply, limit.windowMs - (request.ctx.clock.now().getTime() % limit.windowMs));
}

/** The 429 of a full window that ends in `waitMs`, with those seconds in `Retry-After`. */
function refusedFor(reply: FastifyReply, waitMs: number): AppError {
  reply.header("retry-after", String(Math.ceil(waitMs / 1000)));
  const minutes = Math.max(1, Math.ceil(waitMs / ONE_MINUTE));
  return tooManyRequests(`${minutes} minute${minutes === 1 ? "" : "s"}`);
}

/** The `preHandler` of the geocoding calls: searches and lookups share one count per client address. */
export function geocodeLimits(app: FastifyInstance) {
  const limit = app.createRateLimit({ ...GEOCODE_LIMITS, keyGenerator: (request) => `geocode:${request.ip}` });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const result = await limit(request);
    if (!result.isAllowed && result.isExceeded) throw refusedFor(reply, result.ttl);
  };
}

function recipientOf(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (typeof body !== "object" || body === null || !("email" in body)) return undefined;
  return typeof body.email === "string" ? body.email.trim().toLowerCase() : undefined;
}

/**
 * The `preHandler` of a public call that emails the address in its body:
 * `name` keeps each call's counts apart.
 */
export function emailSendingLimits(name: string) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    await countHit(request, reply, `email:${name}:client:${clientKey(request.ip)}`, EMAIL_LIMITS.perClient);
    const recipient = recipientOf(request);
    if (recipient !== undefined) {
      await countHit(request, reply, `email:${name}:to:${recipient}`, EMAIL_LIMITS.perRecipient);
    }
  };
}

/**
 * The window of `GUEST_RESPONSE_LIMIT`, and how many responses may ask one
 * email address to confirm per hour (a retry counts too, hence more than
 * `EMAIL_LIMITS.perRecipient`).
 */
export const GUEST_RESPONSE_WINDOW = 10 * ONE_MINUTE;
export const GUEST_RESPONSES_PER_RECIPIENT = { max: 10, windowMs: ONE_HOUR } as const satisfies WindowLimit;

function guestEmailOf(request: FastifyRequest): string | undefined {
  const body = request.body as { guest?: { email?: unknown } } | null | undefined;
  const email = typeof body === "object" && body !== null ? body.guest?.email : undefined;
  return typeof email === "string" ? email.trim().toLowerCase() : undefined;
}

/**
 * A `preHandler` for callout responses: a visitor who gives guest details
 * (which store a claimed identity and email a confirmation link) is limited
 * per client address (`GUEST_RESPONSE_LIMIT` in 10 minutes; 0 for none) and
 * per email address, counted in the database like the other limits here.
 * Logged-in callers and anonymous responses are not counted.
 */
export async function guestResponseLimits(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const email = guestEmailOf(request);
  if (request.identity.contact || email === undefined) return;
  const max = request.ctx.config.guestResponseLimit;
  // Answering is the busiest public call: its counts go to the database together with those of the moment.
  if (max > 0) {
    const limit = { max, windowMs: GUEST_RESPONSE_WINDOW };
    await countHit(request, reply, `guest-response:client:${clientKey(request.ip)}`, limit, takeHitTogether);
  }
  await countHit(request, reply, `guest-response:to:${email}`, GUEST_RESPONSES_PER_RECIPIENT, takeHitTogether);
}

/**
 * How many stages of callout forms one client address may report in 10
 * minutes (decision 073): a visit reports at most two stages and one per
 * slide after the first, so this is dozens of visits from one address (an
 * office, a school), and a bound on what anyone can add to the counters.
 */
export const FUNNEL_REPORT_LIMIT = { max: 200, windowMs: 10 * ONE_MINUTE } as const satisfies WindowLimit;

/**
 * The `preHandler` of the funnel reports: counted per client address, like
 * the other public limits, but keyed by a keyed digest of the address (a key
 * kept in the database, shared by every server copy), so that the throttle row
 * (gone when its window ends) holds nothing from which the address could be
 * found again by trying every address.
 */
export async function funnelReportLimits(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, clock } = request.ctx;
  const client = createHmac("sha256", await appKey(db, "funnel-throttle", clock.now()))
    .update(clientKey(request.ip))
    .digest("base64url")
    .slice(0, 22);
  await countHit(request, reply, `funnel:client:${client}`, FUNNEL_REPORT_LIMIT, takeHitTogether);
}
