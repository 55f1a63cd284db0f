import fastifyCookie from "@fastify/cookie";
import { Validator } from "@seriousme/openapi-schema-validator";
import Fastify, { type FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_PREFIX, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import { webhookEventTypes } from "@cohort/common/webhooks";
import { authPlugin } from "../src/http/auth.js";
import { notFound, registerErrorHandling } from "../src/http/errors.js";
import { registerInputGuard } from "../src/http/input-guard.js";
import { loginAs } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
interface Operation {
  "x-access": { level: string; apiKey: boolean };
  security: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }>; "x-error-codes"?: string[] }>;
}
let document: {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
  webhooks?: Record<
    string,
    {
      post: {
        parameters: { name: string }[];
        requestBody: { content: Record<string, { schema: { required?: string[] } }> };
      };
    }
  >;
};

beforeAll(async () => {
  t = await createTestApp();
  const response = await call(t.app, "GET", "/openapi.json");
  expect(response.statusCode).toBe(200);
  document = response.json();
});
afterAll(() => t.close());

/** `/api/1.0/contact/:id` as OpenAPI writes it: `/api/1.0/contact/{id}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, "{$1}").replace(/\/$/, "") || "/";

describe("the API description", () => {
  it("describes every API route with its method", () => {
    const apiRoutes = t.app.routeAccess.filter(
      (route) => route.url === API_PREFIX || route.url.startsWith(`${API_PREFIX}/`),
    );
    expect(apiRoutes.length).toBeGreaterThan(50);
    const missing = apiRoutes
      .filter((route) => !document.paths[openApiPath(route.url)]?.[route.method.toLowerCase()])
      .map((route) => `${route.method} ${route.url}`);
    expect(missing).toEqual([]);
    const described = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
    expect(described).toBe(apiRoutes.length);
  });

  it("describes nothing outside the API", () => {
    expect(Object.keys(document.paths).filter((path) => !path.startsWith(`${API_PREFIX}/`))).toEqual([]);
  });

  it("is a valid OpenAPI 3.1 document", async () => {
    expect(document.openapi).toBe("3.1.0");
    const result = await new Validator().validate(document);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("says who may call each operation, as the route declares it", () => {
    for (const route of t.app.routeAccess.filter((entry) => entry.url.startsWith(`${API_PREFIX}/`))) {
      const operation = document.paths[openApiPath(route.url)]![route.method.toLowerCase()]!;
      expect(operation["x-access"].level, `${route.method} ${route.url}`).toBe(route.access);
      expect(operation["x-access"].apiKey).toBe(route.access !== "superadmin");
      const schemes = operation.security.flatMap((entry) => Object.keys(entry));
      if (route.access === "public") expect(schemes).toEqual([]);
      else expect(schemes.includes("apiKey")).toBe(route.access !== "superadmin");
    }
  });

  it("gives each operation the error codes of its access level, in the shared error body", () => {
    expect(document.components.schemas.Error).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["httpCode", "code", "message"]),
    });
    const admin = document.paths[`${API_PREFIX}/api-key`]!.post!;
    expect(admin.responses["403"]!["x-error-codes"]).toEqual(["forbidden", "missing-requested-with"]);
    expect(admin.responses["400"]!["x-error-codes"]).toContain("invalid-request");
    expect(admin.responses["403"]!.content!["application/json"]!.schema.$ref).toBe("#/components/schemas/Error");
    const member = document.paths[`${API_PREFIX}/contact/{id}`]!.get!;
    expect(member.responses["401"]!["x-error-codes"]).toEqual(["not-authenticated"]);
  });

  it("takes parameters and bodies from the routes' own schemas", () => {
    const create = document.paths[`${API_PREFIX}/api-key`]!.post! as unknown as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, { maxLength?: number }> } }> };
    };
    const body = create.requestBody.content["application/json"]!.schema;
    expect(body.properties.description?.maxLength).toBeGreaterThan(0);
  });
});

describe("each route's own error codes", () => {
  it("are listed beside the generic ones, by status", () => {
    const codes = (path: string, method: string, status: string) =>
      document.paths[`${API_PREFIX}${path}`]![method]!.responses[status]?.["x-error-codes"];
    expect(codes("/webhook-endpoint", "post", "400")).toEqual(
      expect.arrayContaining(["invalid-request", "invalid-json", "invalid-webhook-url"]),
    );
    expect(codes("/webhook-endpoint/{id}", "get", "404")).toEqual(["not-found"]);
    expect(codes("/contact-tags/{id}", "patch", "400")).toContain("duplicate-tag-name");
    expect(codes("/segments", "post", "400")).toContain("invalid-rule");
    expect(codes("/mailing/{id}/cancel", "post", "409")).toEqual(["mailing-not-scheduled"]);
    expect(codes("/mailing/{id}", "delete", "409")).toEqual(["mailing-not-editable"]);
  });

  it("cover every code those routes answer with (a sample of failures driven through them)", async () => {
    const admin = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
    const unknown = "00000000-0000-4000-8000-000000000000";
    const failures: [string, string, Record<string, unknown> | undefined, string][] = [
      [
        "POST",
        "/webhook-endpoint",
        { url: "https://10.0.0.1/hook", events: ["contact.created"] },
        "invalid-webhook-url",
      ],
      ["GET", `/webhook-endpoint/${unknown}`, undefined, "not-found"],
      ["PATCH", `/webhook-endpoint/${unknown}`, { description: "x" }, "not-found"],
      ["POST", `/webhook-endpoint/${unknown}/delivery/${unknown}/resend`, undefined, "not-found"],
      ["POST", "/contact-tags", { name: "Twice" }, "duplicate-tag-name"],
      ["DELETE", `/contact-tags/${unknown}`, undefined, "not-found"],
      [
        "POST",
        "/segments",
        { name: "Bad", ruleGroup: { condition: "AND", rules: [{ field: "nope", operator: "equal", value: [1] }] } },
        "invalid-rule",
      ],
      ["GET", `/segments/${unknown}`, undefined, "not-found"],
      ["PATCH", `/notice/${unknown}`, { name: "x" }, "not-found"],
      ["PUT", `/contact/${unknown}/role/member`, { dateAdded: new Date().toISOString() }, "not-found"],
      ["POST", `/mailing/${unknown}/cancel`, undefined, "not-found"],
    ];
    await call(t.app, "POST", "/contact-tags", { cookie: admin, body: { name: "Twice" } });
    for (const [method, url, body, code] of failures) {
      const response = await call(t.app, method as "GET", url, { cookie: admin, ...(body ? { body } : {}) });
      expect(response.json<{ code: string }>().code, `${method} ${url}`).toBe(code);
    }
    const draft = await call(t.app, "POST", "/mailing", {
      cookie: admin,
      body: {
        kind: "marketing",
        recipients: { type: "rules", rules: { condition: "AND", rules: [] } },
        versions: { en: { subject: "Hello", body: "<p>Hi</p>" } },
      },
    });
    const id = draft.json<{ id: string }>().id;
    const cancel = await call(t.app, "POST", `/mailing/${id}/cancel`, { cookie: admin });
    expect(cancel.json<{ code: string }>().code).toBe("mailing-not-scheduled");
    // Every answer above is one its route declares: the error handling noted none it does not.
    expect([...t.app.undeclaredErrors]).toEqual([]);
  });
});

/** A bare app with the API's error handling and access checks, and the routes `declare` adds. */
async function bareApp(declare: (app: FastifyInstance) => void): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(fastifyCookie);
  registerErrorHandling(app);
  registerInputGuard(app);
  await app.register(authPlugin, { ctx: t.ctx, routeAccess: [] });
  await app.register(async (scope) => declare(scope));
  return app;
}

describe("every route's error codes", () => {
  it("are declared on every route: an app with a route that declares none refuses to start", async () => {
    const app = await bareApp((scope) => {
      scope.get("/declared", { config: { access: "public", errors: {} } }, () => ({}));
      scope.get("/undeclared", { config: { access: "public" } }, () => ({}));
    }).catch((error: unknown) => error);
    expect(String(app)).toContain("Route GET /undeclared declares no errors");
  });

  it("are noted when a route answers with one it does not declare, beside its own and the generic ones", async () => {
    const app = await bareApp((scope) => {
      scope.get("/declares-none", { config: { access: "public", errors: {} } }, () => {
        throw notFound();
      });
      scope.get("/declares-it", { config: { access: "public", errors: { 404: ["not-found"] } } }, () => {
        throw notFound();
      });
      scope.post("/takes-a-body", { config: { access: "public", errors: {} } }, () => ({}));
    });
    expect((await app.inject({ method: "GET", url: "/declares-none" })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/declares-it" })).statusCode).toBe(404);
    // Generic answers: the input guard's refusal, a JSON body sent empty.
    expect((await app.inject({ method: "GET", url: "/declares-it?q=%00" })).json()).toMatchObject({
      code: "invalid-request",
    });
    const empty = await app.inject({
      method: "POST",
      url: "/takes-a-body",
      headers: { "content-type": "application/json", [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
      payload: "",
    });
    expect(empty.json()).toMatchObject({ code: "body-required" });
    expect([...app.undeclaredErrors]).toEqual(["GET /declares-none 404 not-found"]);
    await app.close();
  });

  it("are all in the description, with the generic ones of each route", () => {
    const codes = (path: string, method: string, status: string) =>
      document.paths[`${API_PREFIX}${path}`]![method]!.responses[status]?.["x-error-codes"];
    expect(codes("/auth/login", "post", "401")).toEqual(
      expect.arrayContaining(["login-failed", "requires-2fa", "account-locked"]),
    );
    expect(codes("/contact/{id}", "patch", "400")).toEqual(
      expect.arrayContaining(["invalid-request", "body-required", "wrong-password", "duplicate-email"]),
    );
    expect(codes("/contact/{id}", "get", "404")).toEqual(["not-found"]);
    expect(codes("/reset-password/{id}", "put", "400")).toEqual(expect.arrayContaining(["wrong-type"]));
    expect(codes("/callout/{id}/responses", "post", "401")).toEqual(["captcha-failed", "captcha-required"]);
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        // Any request can carry input the guard refuses, and an API key naming a contact it may not act as.
        expect(operation.responses["400"]?.["x-error-codes"], `${method} ${path}`).toContain("invalid-request");
        expect(operation.responses["403"]?.["x-error-codes"], `${method} ${path}`).toContain("forbidden");
      }
    }
  });
});

describe("the webhooks", () => {
  it("describes every event an endpoint may subscribe to, with its signed message", () => {
    expect(Object.keys(document.webhooks ?? {}).sort()).toEqual([...webhookEventTypes].sort());
    for (const [type, item] of Object.entries(document.webhooks ?? {})) {
      expect(
        item.post.parameters.map(({ name }) => name),
        type,
      ).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
      expect(item.post.requestBody.content["application/json"]!.schema.required, type).toEqual([
        "type",
        "timestamp",
        "data",
      ]);
    }
  });
});

describe("the reference page", () => {
  it("loads only this site's scripts, under its own policy", async () => {
    const page = await t.app.inject({ method: "GET", url: "/admin/api-reference" });
    expect(page.statusCode).toBe(200);
    const policy = String(page.headers["content-security-policy"]);
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toMatch(/https?:/);
    expect(page.body).not.toMatch(/<script>|https?:\/\//);
    const viewer = await t.app.inject({ method: "GET", url: "/admin/api-reference/viewer.js" });
    expect(viewer.statusCode).toBe(200);
    expect(viewer.headers["content-type"]).toMatch(/javascript/);
    const start = await t.app.inject({ method: "GET", url: "/admin/api-reference/start.js" });
    expect(start.body).toContain(`${API_PREFIX}/openapi.json`);
  });
});
