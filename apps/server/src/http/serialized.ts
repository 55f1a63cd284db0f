import type { FastifyReply } from "fastify";
import type { z } from "zod";

/**
 * A body serialised exactly as a route's response schema would serialise it
 * (parsed by the schema, then `JSON.stringify`), for answers kept in a cache
 * as text: they are checked once when cached instead of on every request.
 */
export function serializeAs(schema: z.ZodType, value: unknown): string {
  return JSON.stringify(schema.parse(value));
}

/** Sends JSON text that `serializeAs` made; the route's serialiser is skipped for text. */
export function sendSerialized(reply: FastifyReply, json: string): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(json);
}
