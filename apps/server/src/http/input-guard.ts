import type { FastifyInstance, FastifyRequest } from "fastify";
import { findUnsafeInput, unsafeInputMessages } from "@cohort/common/http";
import { invalidField } from "./parse.js";

const PARTS = [
  ["params", (request: FastifyRequest) => request.params],
  ["querystring", (request: FastifyRequest) => request.query],
  ["body", (request: FastifyRequest) => request.body],
] as const;

/**
 * Refuses, before any route schema runs, input no field may hold: text with a
 * NUL character or a lone surrogate (PostgreSQL refuses both), and objects or
 * arrays nested deeper than MAX_INPUT_DEPTH (the schema checks recurse). The
 * answer is a 400 `invalid-request` naming the first offending field.
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    for (const [where, read] of PARTS) {
      const found = findUnsafeInput(read(request));
      if (!found) continue;
      const property = found.path.join(".");
      const text = unsafeInputMessages[found.problem];
      throw invalidField(
        property,
        { key: "validation.invalid" },
        { rule: found.problem, text, summary: `Invalid ${where}: ${property || where} ${text}.` },
      );
    }
  });
}
