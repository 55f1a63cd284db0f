import type { FastifyInstance } from "fastify";
import fastifySwagger, { type FastifyDynamicSwaggerOptions } from "@fastify/swagger";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import { formComponentSchema } from "@cohort/common/callouts";
import { errorBodySchema } from "@cohort/common/errors";
import { ruleGroupSchema } from "@cohort/common/filters";
import { API_PREFIX, CONTACT_ID_HEADER, REQUESTED_WITH_HEADER } from "@cohort/common/http";
import { webhookDataSchemas, webhookMessageSchema } from "@cohort/common/webhooks";
import type { Config } from "../../config.js";
import type { Access, RouteErrors } from "../../http/auth.js";
import { genericErrors } from "../../http/errors.js";

type SwaggerTransform = NonNullable<FastifyDynamicSwaggerOptions["transform"]>;
type SwaggerTransformObject = NonNullable<FastifyDynamicSwaggerOptions["transformObject"]>;
type OpenApiObject = Record<string, unknown> & { paths?: Record<string, Record<string, Operation>> };
interface Operation {
  "x-access"?: AccessNote;
  /** The route's own error codes (`config.errors`), until they are merged into the responses. */
  "x-route-errors"?: RouteErrors;
  responses?: Record<string, unknown>;
  parameters?: unknown[];
  requestBody?: unknown;
}

/** What the description says of a route's access: its declared level and whether an API key may call it. */
export interface AccessNote {
  level: Access;
  apiKey: boolean;
  /** Acting as a contact with a key needs the contact named in this header. */
  contactHeader?: string;
}

export function accessNote(level: Access): AccessNote {
  // A key is admin-level at most: never a superadmin (decision 017).
  if (level === "contact") return { level, apiKey: true, contactHeader: CONTACT_ID_HEADER };
  return { level, apiKey: level !== "superadmin" };
}

/** The OpenAPI `security` of an access level: none needed, the session cookie, or also an API key. */
export function securityOf(level: Access): Record<string, string[]>[] {
  if (level === "public") return [];
  if (level === "superadmin") return [{ session: [] }];
  return [{ session: [] }, { apiKey: [] }];
}

const STATUS_TEXT: Record<number, string> = {
  400: "Bad request",
  401: "Not authenticated",
  403: "Forbidden",
  404: "Not found",
  409: "Conflict",
  410: "Gone",
  422: "Unprocessable",
  413: "Payload too large",
  415: "Unsupported media type",
  429: "Too many requests",
};

const ERROR_REF = { $ref: "#/components/schemas/Error" };

/** Only the API is described: the web app's pages and the site-root file addresses are not. */
const transform: SwaggerTransform = (input) => {
  const { url, route } = input;
  if (url !== API_PREFIX && !url.startsWith(`${API_PREFIX}/`)) return { schema: { hide: true }, url };
  const result = jsonSchemaTransform(input);
  const level = route.config?.access ?? "admin";
  const area = url.slice(API_PREFIX.length + 1).split("/")[0] || "api";
  return {
    url,
    schema: {
      ...result.schema,
      tags: [area],
      security: securityOf(level),
      "x-access": accessNote(level),
      ...(route.config?.errors ? { "x-route-errors": route.config.errors } : {}),
    },
  };
};

/** The generic codes of an operation with the route's own codes added, by status. */
function errorsOf(level: Access, method: string, own: RouteErrors = {}): Record<string, string[]> {
  const errors: Record<string, string[]> = genericErrors(level, method);
  for (const [status, codes] of Object.entries(own)) {
    errors[status] = [...new Set([...(errors[status] ?? []), ...(codes ?? [])])];
  }
  return errors;
}

/** Adds the shared error body and each operation's error answers, with the codes it may return. */
function addErrors(document: OpenApiObject): OpenApiObject {
  const errorSchema = z.toJSONSchema(errorBodySchema, { io: "output" }) as Record<string, unknown>;
  delete errorSchema.$schema;
  for (const operations of Object.values(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      const note = operation["x-access"];
      if (!note) continue;
      const responses = (operation.responses ??= {});
      const own = operation["x-route-errors"];
      delete operation["x-route-errors"];
      for (const [status, codes] of Object.entries(errorsOf(note.level, method.toUpperCase(), own))) {
        if (responses[status]) continue;
        responses[status] = {
          description: `${STATUS_TEXT[Number(status)] ?? "Error"}: ${codes.map((code) => `\`${code}\``).join(", ")}`,
          "x-error-codes": codes,
          content: { "application/json": { schema: ERROR_REF } },
        };
      }
    }
  }
  const components = (document.components ?? {}) as Record<string, Record<string, unknown>>;
  return {
    ...document,
    components: { ...components, schemas: { ...components.schemas, Error: errorSchema } },
  };
}

/** A JSON schema of a zod schema, without its `$schema` line, for use inside the document. */
function jsonSchemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: "output" }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

const WEBHOOK_HEADERS = [
  ["webhook-id", "The event's id: the same on every try, so a receiver can drop a repeat."],
  ["webhook-timestamp", "When this try was sent, in seconds since 1970."],
  ["webhook-signature", "`v1,` and the base64 HMAC-SHA256 of `<id>.<timestamp>.<body>` with the endpoint's secret."],
] as const;

/**
 * The events Cohort sends to webhook endpoints (decision 069), as OpenAPI 3.1
 * `webhooks`: each a POST of `{ type, timestamp, data }` signed per Standard Webhooks.
 */
function addWebhooks(document: OpenApiObject): OpenApiObject {
  const webhooks = Object.fromEntries(
    Object.entries(webhookDataSchemas).map(([type, data]) => [
      type,
      {
        post: {
          operationId: `webhook:${type}`,
          summary: `Sent when ${type.replace("_", " ").replace(".", " is ")}`,
          tags: ["webhooks"],
          parameters: WEBHOOK_HEADERS.map(([name, description]) => ({
            name,
            in: "header",
            required: true,
            description,
            schema: { type: "string" },
          })),
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchemaOf(webhookMessageSchema(type, data)) } },
          },
          responses: {
            "2XX": { description: "Received. Any other answer, or none within 15 seconds, is tried again later." },
          },
        },
      },
    ]),
  );
  return { ...document, webhooks };
}

const transformObject: SwaggerTransformObject = (input) =>
  addWebhooks(addErrors(jsonSchemaTransformObject(input) as OpenApiObject));

/**
 * Schemas that contain themselves are described once, as named components, and referred to;
 * everything else is written out where it is used.
 */
const NAMED_SCHEMAS: [z.ZodType, string][] = [
  [ruleGroupSchema, "RuleGroup"],
  [formComponentSchema, "FormComponent"],
];
function nameRecursiveSchemas(): void {
  for (const [schema, id] of NAMED_SCHEMAS) {
    if (!z.globalRegistry.has(schema)) z.globalRegistry.add(schema, { id });
  }
}

/**
 * Collects every route as it is declared; the description itself is built from the routes'
 * zod schemas on its first request and kept (decision 063).
 */
export const openApiPlugin = fp(async (app: FastifyInstance, options: { config: Config }) => {
  nameRecursiveSchemas();
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Cohort API",
        version: options.config.version,
        description:
          "The API of this Cohort site. Every operation says who may call it in `x-access`: its level " +
          "(`public`, `user`, `contact`, `admin`, `superadmin`) and whether an API key may. A key acts as a " +
          `contact when the request names one in \`${CONTACT_ID_HEADER}\`. Requests that change data with the ` +
          `session cookie must carry \`${REQUESTED_WITH_HEADER}\`. Every error answers with the \`Error\` body.`,
      },
      servers: [{ url: options.config.appUrl }],
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: options.config.session.cookieName },
          apiKey: { type: "http", scheme: "bearer", description: "An API key from Settings → API keys." },
        },
      },
    },
    transform,
    transformObject,
  });
});
