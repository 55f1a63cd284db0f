/**
 * Every registered route, called with generated input as a guest, an admin
 * and an API key: nothing may answer 5xx, and every error must have the body
 * of spec section 8. Routes come from the route table, so new routes are
 * covered as they are added. `FUZZ_SEED` and `FUZZ_RUNS` explore further.
 *
 * The routes are checked in groups, a test file each (`route-fuzz*.test.ts`), so that test
 * workers check them side by side; `route-fuzz.test.ts` takes every route no group names.
 */
import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import * as apiKeys from "@cohort/common/api-keys";
import * as auth from "@cohort/common/auth";
import * as callouts from "@cohort/common/callouts";
import * as contacts from "@cohort/common/contacts";
import * as content from "@cohort/common/content";
import * as contributions from "@cohort/common/contributions";
import { errorBodySchema } from "@cohort/common/errors";
import { API_PREFIX, REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import * as segments from "@cohort/common/segments";
import * as setup from "@cohort/common/setup";
import * as tags from "@cohort/common/tags";
import type { RouteAccess } from "../../src/http/auth.js";
import { defaultAnswers, defaultCalloutForm, loginAs, makeCallout } from "./callout-factory.js";
import { PASSWORD, makeContact } from "./factories.js";
import { updateMapSettings } from "../../src/modules/maps/settings.js";
import { call, createTestApp, type TestApp } from "./test-app.js";

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_517);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

// ---------------------------------------------------------------- field names

/** Every object key the shared request schemas name, so generated bodies reach past strict checks. */
function schemaKeys(modules: object[]): string[] {
  const keys = new Set<string>();
  const seen = new Set<unknown>();
  const visit = (schema: unknown, depth: number): void => {
    if (depth > 12 || typeof schema !== "object" || schema === null || seen.has(schema)) return;
    seen.add(schema);
    const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
    if (!def) return;
    if (def.type === "object") {
      for (const [key, child] of Object.entries(def.shape as Record<string, unknown>)) {
        keys.add(key);
        visit(child, depth + 1);
      }
    }
    if (def.type === "lazy" && typeof def.getter === "function") visit((def.getter as () => unknown)(), depth + 1);
    for (const name of ["innerType", "element", "valueType", "in", "out", "schema"]) visit(def[name], depth + 1);
    for (const name of ["options", "items"]) {
      if (Array.isArray(def[name])) for (const child of def[name] as unknown[]) visit(child, depth + 1);
    }
  };
  for (const module of modules) for (const value of Object.values(module)) visit(value, 0);
  return [...keys].sort();
}

const FIELD_NAMES = schemaKeys([apiKeys, auth, callouts, contacts, content, contributions, segments, setup, tags]);

// ---------------------------------------------------------------- values

const NASTY_TEXT = [
  "",
  " ",
  "a\u0000b",
  "\u0000",
  "\ud800",
  "x\udfffy",
  "🦊",
  "<img src=x onerror=alert(1)>",
  "javascript:alert(1)",
  "' OR 1=1 --",
  "%00",
  "$now(y:-999999)",
  "$now(M:999999)",
  "0000-01-01",
  "constructor",
  "__proto__",
  "toString",
  "me",
  "NaN",
  "-1",
  "1e400",
  "9".repeat(40),
  "x".repeat(2_000),
  "00000000-0000-0000-0000-000000000000",
];

const NUMBERS = [0, -1, 1, 1.5, -0.5, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER];

const text = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...NASTY_TEXT) },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.emailAddress() },
);

function ruleGroup(fieldNames: fc.Arbitrary<string>): fc.Arbitrary<unknown> {
  const rule = fc.record({
    field: fieldNames,
    operator: fc.constantFrom("equal", "contains", "less", "between", "is_empty", "bogus"),
    value: fc.array(fc.oneof(text, fc.constantFrom(...NUMBERS), fc.boolean()), { maxLength: 3 }),
  });
  return fc.letrec<{ group: unknown }>((tie) => ({
    group: fc.record({
      condition: fc.constantFrom("AND", "OR", "XOR"),
      rules: fc.array(fc.oneof({ depthSize: "small" }, rule, tie("group")), { maxLength: 3 }),
    }),
  })).group;
}

/** Filter field names: real ones, built-in property names and noise. */
const filterFieldNames = fc.oneof(
  fc.constantFrom(
    "title",
    "starts",
    "joined",
    "email",
    "status",
    "tags",
    "answers",
    "createdAt",
    "contributionMonthlyAmount",
    "activePermission",
    "constructor",
    "__proto__",
    "hasOwnProperty",
  ),
  fc.string({ maxLength: 10 }),
);
const rules = ruleGroup(filterFieldNames);

/** JSON text nested `depth` deep, too deep for JSON.stringify to write itself. */
const deepJson = fc.integer({ min: 40, max: 5_000 }).map((depth) => `${"[".repeat(depth)}${"]".repeat(depth)}`);

const value: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc.constantFrom(...NUMBERS),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...FIELD_NAMES), tie("value"), { maxKeys: 4 }),
    rules,
  ),
})).value;

type Body = { json: unknown } | { raw: string } | undefined;

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 1, arbitrary: fc.constant(undefined) },
  {
    weight: 4,
    arbitrary: fc.dictionary(fc.constantFrom(...FIELD_NAMES), value, { maxKeys: 5 }).map((json) => ({ json })),
  },
  { weight: 1, arbitrary: value.map((json) => ({ json })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom(...FIELD_NAMES), fc.constantFrom("__proto__", "constructor", "prototype"))
      .map(([name, key]) => ({ raw: `{"${name}": {"${key}": {"polluted": true}}, "${key}": {"x": 1}}` })),
  },
  { weight: 1, arbitrary: deepJson.map((raw) => ({ raw })) },
);

const queryValue = fc.oneof(
  text,
  fc.constantFrom(...NUMBERS).map(String),
  rules.map((group) => JSON.stringify(group)),
  deepJson,
);
const query = fc.dictionary(
  fc.oneof(
    fc.constantFrom("rules", "limit", "offset", "sort", "order", "with", "with[]", "variant", "fromId", "captchaToken"),
    fc.constantFrom(...FIELD_NAMES),
    fc.constantFrom("__proto__", "constructor", "a\u0000"),
  ),
  queryValue,
  { maxKeys: 3 },
);

// ---------------------------------------------------------------- input shaped by the route's schema

type JsonSchema = { [key: string]: unknown };

/** The route's zod schema as JSON Schema (input side), or null when it has none or cannot be read. */
function jsonSchemaOf(schema: unknown): JsonSchema | null {
  if (!(schema instanceof z.ZodType)) return null;
  try {
    return z.toJSONSchema(schema, { io: "input", unrepresentable: "any", cycles: "ref" });
  } catch {
    return null;
  }
}

const isoDate = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-01-01T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString());

function stringFor(schema: JsonSchema, key: string | undefined): fc.Arbitrary<string> {
  const minLength = typeof schema.minLength === "number" ? schema.minLength : 0;
  const maxLength = Math.max(minLength, Math.min(typeof schema.maxLength === "number" ? schema.maxLength : 40, 40));
  if (schema.format === "date-time") return isoDate;
  if (schema.format === "uuid") return fc.oneof(fc.constantFrom(...(realIds.uuid ?? [])), fc.uuid());
  if (schema.format === "email" || /email/i.test(key ?? "")) return fc.emailAddress();
  if (schema.format === "uri" || /url|link|redirect/i.test(key ?? "")) return fc.webUrl();
  if (typeof schema.pattern === "string") {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= 200);
    } catch {
      // Fall through to plain text.
    }
  }
  return fc.string({ minLength, maxLength });
}

/**
 * Values that mostly pass the schema, so calls get past validation into the
 * services, with a bad value (see `value`) in some places.
 */
function fromSchema(schema: JsonSchema | boolean, root: JsonSchema, depth = 0, key?: string): fc.Arbitrary<unknown> {
  const shaped = shapedBy(schema, root, depth, key);
  return fc.oneof({ weight: 19, arbitrary: shaped }, { weight: 1, arbitrary: value });
}

function shapedBy(schema: JsonSchema | boolean, root: JsonSchema, depth: number, key?: string): fc.Arbitrary<unknown> {
  if (typeof schema !== "object") return value;
  if (depth > 8) return fc.constant(null);
  // Fields whose rules span more than one value: start from something that passes.
  if (key === "answers") return answers;
  if (key === "formSchema") return fc.oneof(fc.constant(defaultCalloutForm()), value);
  if (key === "password" || key === "currentPassword") return fc.oneof(fc.constant(PASSWORD), text);
  if (typeof schema.$ref === "string") {
    const name = schema.$ref.replace(/^#\/?(\$defs\/)?/, "");
    const defs = (root.$defs ?? {}) as Record<string, JsonSchema>;
    const target = name === "" ? root : defs[name];
    return target ? shapedBy(target, root, depth + 1, key) : value;
  }
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices?.length) return fc.oneof(...choices.map((choice) => fromSchema(choice, root, depth + 1, key)));
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...(schema.enum as unknown[]));
  if ("const" in schema) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return key === "rules" ? rules.map((group) => JSON.stringify(group)) : stringFor(schema, key);
    case "integer": {
      const min = typeof schema.minimum === "number" ? Math.max(schema.minimum, -(2 ** 31)) : -1000;
      const max = typeof schema.maximum === "number" ? Math.min(schema.maximum, 2 ** 31 - 1) : 1_000_000;
      return fc.integer({ min, max: Math.max(min, max) });
    }
    case "number": {
      const min = typeof schema.minimum === "number" ? schema.minimum : -1_000_000;
      const max = typeof schema.maximum === "number" ? schema.maximum : 1_000_000;
      return fc.oneof(
        fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }),
        fc.double({ min, max, noNaN: true, noDefaultInfinity: true }),
      );
    }
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      const items = (schema.items ?? {}) as JsonSchema;
      const minLength = typeof schema.minItems === "number" ? schema.minItems : 0;
      return fc.array(fromSchema(items, root, depth + 1, key), { minLength, maxLength: Math.max(minLength, 3) });
    }
    case "object": {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((schema.required ?? []) as string[]);
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, child]) => [name, fromSchema(child, root, depth + 1, name)]),
      );
      const known = fc.record(model, { requiredKeys: Object.keys(model).filter((name) => required.has(name)) });
      if (schema.additionalProperties === false || Object.keys(model).length > 0) return known;
      return fc.dictionary(fc.string({ maxLength: 12 }), value, { maxKeys: 3 });
    }
    default:
      return value;
  }
}

/** Answers to the callout made in `beforeAll`, with a bad value here and there. */
const answers = fc.record({
  slide1: fc.record({
    name: fc.oneof(fc.string({ maxLength: 30 }), text),
    colour: fc.oneof(fc.constantFrom("red", "blue"), text),
    age: fc.oneof(fc.integer({ min: 0, max: 150 }), fc.constantFrom(...NUMBERS), text),
  }),
  slide2: fc.record({
    consent: fc.oneof(fc.boolean(), value),
    photo: fc.oneof(fc.constant({ url: "/uploads/a.png", name: "a.png" }), value),
  }),
});

/** A query string's values are text: numbers as digits, lists as repeated keys (the first here). */
function asQueryText(entry: unknown): string {
  if (typeof entry === "string") return entry;
  if (Array.isArray(entry)) return asQueryText(entry[0] ?? "");
  if (typeof entry === "object" && entry !== null) return JSON.stringify(entry);
  return String(entry);
}

/** Percent-encodes any string; lone surrogates (which have no UTF-8) become invalid UTF-8 bytes. */
function encode(part: string): string {
  try {
    return encodeURIComponent(part);
  } catch {
    return encodeURIComponent(part.replace(/\p{Cs}/gu, "")) + "%ED%A0%80";
  }
}

// ---------------------------------------------------------------- the app and its callers

let t: TestApp;
let adminCookie: string;
let admin: { id: string; email: string };
let apiKeyToken: string;
let memberId: string;
/** Each call comes from its own address, so per-client rate limits do not hide the routes behind them. */
let clientNumber = 0;
/** Ids of real rows, by path parameter name, so that some calls reach them. */
const realIds: Record<string, string[]> = {};

const callers = ["guest", "admin", "api-key", "api-key as member"] as const;
type Caller = (typeof callers)[number];

function pathParams(url: string): string[] {
  return [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
}

function paramValue(name: string, method: string): fc.Arbitrary<string> {
  // `me` is the admin, whose session must survive: only read it.
  const real = (realIds[name] ?? realIds.id ?? []).filter((id) => method === "GET" || id !== "me");
  return fc.oneof(
    { weight: 2, arbitrary: real.length ? fc.constantFrom(...real) : text },
    { weight: 3, arbitrary: text.filter((value) => value !== "") },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

async function send(
  route: RouteAccess,
  caller: Caller,
  params: string[],
  search: Record<string, string>,
  input: Body,
  doubledSlashes = false,
) {
  // Repeated slashes count as one (decision 024): the same route and the same access check.
  let path = doubledSlashes ? route.url.replaceAll("/", "//") : route.url;
  pathParams(route.url).forEach((name, index) => {
    path = path.replace(`:${name}`, encode(params[index] ?? ""));
  });
  const queryText = Object.entries(search)
    .map(([key, entry]) => `${encode(key)}=${encode(entry)}`)
    .join("&");
  const headers: Record<string, string> = { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE };
  if (caller === "admin") headers.cookie = adminCookie;
  if (caller.startsWith("api-key")) headers.authorization = `Bearer ${apiKeyToken}`;
  if (caller === "api-key as member") headers["x-contact-id"] = memberId;
  let payload: string | undefined;
  if (input && "raw" in input) payload = input.raw;
  if (input && "json" in input) payload = JSON.stringify(input.json);
  if (payload !== undefined) headers["content-type"] = "application/json";
  clientNumber++;
  return t.app.inject({
    method: route.method as "GET",
    remoteAddress: `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`,
    url: `${path}${queryText ? `?${queryText}` : ""}`,
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
}

function checkAnswer(response: LightMyRequestResponse, label: string): void {
  expect(response.statusCode, `${label} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
  if (response.statusCode < 400) return;
  const parsed = errorBodySchema.safeParse(response.json());
  expect(parsed.success, `${label}: error body ${response.body.slice(0, 300)}`).toBe(true);
  expect(parsed.data?.httpCode, label).toBe(response.statusCode);
}

/** Input of each known class of bad input that every route gets, besides the generated cases. */
function probes(route: RouteAccess): { params: string[]; search: Record<string, string>; input: Body }[] {
  const names = pathParams(route.url);
  const real = names.map((name) => (realIds[name] ?? realIds.id ?? ["x"])[0]!);
  const cases: { params: string[]; search: Record<string, string>; input: Body }[] = [];
  names.forEach((_name, index) => {
    for (const bad of ["\u0000", "a\u0000b", "\ud800", "x".repeat(600), "constructor", "-1"]) {
      cases.push({ params: real.map((id, at) => (at === index ? bad : id)), search: {}, input: undefined });
    }
  });
  const rule = (field: string, operator: string, value: unknown[]) =>
    JSON.stringify({ condition: "AND", rules: [{ field, operator, value }] });
  const searches: Record<string, string>[] = [
    { rules: rule("constructor", "equal", ["x"]) },
    { rules: rule("__proto__", "equal", ["x"]) },
    { rules: rule("toString", "contains", ["x"]) },
    { rules: rule("createdAt", "less", ["$now(y:-999999)"]) },
    { rules: rule("starts", "greater", ["$now(y:99999)"]) },
    { rules: rule("joined", "between", ["0000", "$now(M:999999)"]) },
    { rules: rule("title", "contains", ["a\u0000"]) },
    { rules: `${'{"condition":"OR","rules":['.repeat(600)}${"]}".repeat(600)}` },
    { "a\u0000": "1" },
    { limit: "1e400", offset: "-1" },
    { variant: "\ud800" },
  ];
  for (const search of searches) cases.push({ params: real, search, input: undefined });
  if (route.method !== "GET" && route.method !== "DELETE") {
    const bodies: Body[] = [
      { raw: `${"[".repeat(3000)}${"]".repeat(3000)}` },
      { raw: `{"a": ${'{"b":'.repeat(3000)}1${"}".repeat(3000)}}` },
      { raw: '{"__proto__": {"x": 1}}' },
      { raw: '{"constructor": {"prototype": {"x": 1}}}' },
      { raw: "" },
      { raw: "null" },
      { raw: "[]" },
      { raw: '"\\u0000"' },
      { json: Object.fromEntries(FIELD_NAMES.map((name) => [name, "a\u0000b"])) },
      { json: Object.fromEntries(FIELD_NAMES.map((name) => [name, "\ud800"])) },
    ];
    for (const input of bodies) cases.push({ params: real, search: {}, input });
  }
  return cases;
}

/**
 * The route groups with a test file of their own, by the first part of their path; every other
 * route is in `route-fuzz.test.ts`. Each file's share takes a test worker about as long as the
 * others (decision 079).
 */
export const ROUTE_GROUPS = {
  contacts: ["contact", "contact.csv", "contact-tags", "segments", "api-key", "activity"],
  callouts: ["callout", "callout-responses", "callout-response-comments", "upload", "uploads"],
  mailings: ["mailing", "email", "email-outbox", "newsletter", "unsubscribe"],
  payments: ["payment", "payment.csv", "payment-update", "gift", "signup", "test-checkout"],
} as const;

export type RouteGroup = keyof typeof ROUTE_GROUPS | "others";

/** The first part of a route's path after the API prefix: `contact` for `/api/1.0/contact/:id`. */
function firstPart(url: string): string {
  const path = url.startsWith(`${API_PREFIX}/`) ? url.slice(API_PREFIX.length) : url;
  return path.split("/")[1] ?? "";
}

export function groupOf(route: RouteAccess): RouteGroup {
  const first = firstPart(route.url);
  for (const [group, parts] of Object.entries(ROUTE_GROUPS) as [keyof typeof ROUTE_GROUPS, readonly string[]][]) {
    if (parts.includes(first)) return group;
  }
  return "others";
}

async function setUp(): Promise<void> {
  for (const name of Object.keys(realIds)) delete realIds[name];
  t = await createTestApp();
  // No address search: the default public Photon service is on the internet, which tests never reach.
  await updateMapSettings(t.ctx, { geocoder: "off" }, "");
  const db = t.database.db;
  admin = await makeContact(db, { roles: ["admin"] });
  adminCookie = await loginAs(t.app, admin);
  const member = await makeContact(db, { roles: ["member"] });
  memberId = member.id;
  const callout = await makeCallout(db, t.clock, { access: "anonymous", allowMultiple: true });
  await call(t.app, "POST", `/callout/${callout.slug}/responses`, { body: { answers: defaultAnswers() } });
  const key = await call(t.app, "POST", "/api-key", {
    cookie: adminCookie,
    body: { description: "fuzz", currentPassword: PASSWORD },
  });
  apiKeyToken = key.json<{ token: string }>().token;
  const tag = await call(t.app, "POST", "/contact-tags", { cookie: adminCookie, body: { name: "Fuzz" } });
  const segment = await call(t.app, "POST", "/segments", {
    cookie: adminCookie,
    body: { name: "Fuzz", ruleGroup: { condition: "AND", rules: [] } },
  });
  const idOf = (response: LightMyRequestResponse) => {
    const parsed = response.json<{ id?: unknown }>();
    return typeof parsed.id === "string" ? [parsed.id] : [];
  };
  // The admin's own id is left out, so that the admin session survives the run.
  realIds.id = [member.id, callout.id, callout.slug, ...idOf(tag), ...idOf(segment), "welcome", "me"];
  realIds.role = ["member", "admin", "superadmin"];
  realIds.provider = ["test", "stripe", "gocardless"];
  realIds.uuid = [member.id, admin.id, callout.id, ...idOf(tag), ...idOf(segment)];
}

/** Registers the file's app and its two checks, over the routes of `group`. */
export function fuzzRoutes(group: RouteGroup): void {
  beforeAll(setUp);
  afterAll(() => t.close());
  const routesOf = () => t.app.routeAccess.filter((route) => groupOf(route) === group);

  describe(`every route (${group}), with generated input`, () => {
    it("answers no 5xx to each known class of bad input", { timeout: 240_000 }, async () => {
      const routes = routesOf();
      expect(routes.length).toBeGreaterThan(0);
      for (const route of routes) {
        // Callers who are refused before the input is read would add nothing.
        const probeCallers: Caller[] = route.access === "public" ? ["guest", "admin"] : ["admin"];
        for (const { params, search, input } of probes(route)) {
          for (const caller of probeCallers) {
            const response = await send(route, caller, params, search, input);
            const label = `${caller} ${route.method} ${route.url} ${JSON.stringify({ params, search })}`;
            checkAnswer(response, label);
            if (caller === "admin" && response.statusCode === 401) adminCookie = await loginAs(t.app, admin);
          }
        }
      }
    });

    it("answers no 5xx, and errors in the spec's body", { timeout: 240_000 }, async () => {
      expect(t.app.routeAccess.length).toBeGreaterThan(50);
      const routes = routesOf();
      for (const route of routes) {
        const names = pathParams(route.url);
        const bodySchema = jsonSchemaOf(route.schema?.body);
        const querySchema = jsonSchemaOf(route.schema?.querystring);
        const routeBody: fc.Arbitrary<Body> = bodySchema
          ? fc.oneof(
              { weight: 4, arbitrary: fromSchema(bodySchema, bodySchema).map((json) => ({ json })) },
              { weight: 1, arbitrary: body },
            )
          : body;
        const routeQuery: fc.Arbitrary<Record<string, string>> = fc.oneof(
          { weight: 2, arbitrary: fc.constant({}) },
          {
            weight: 3,
            arbitrary: querySchema
              ? fromSchema(querySchema, querySchema).map((shaped) =>
                  typeof shaped === "object" && shaped !== null && !Array.isArray(shaped)
                    ? Object.fromEntries(Object.entries(shaped).map(([key, entry]) => [key, asQueryText(entry)]))
                    : {},
                )
              : fc.constant({}),
          },
          { weight: 1, arbitrary: query },
        );
        await fc.assert(
          fc.asyncProperty(
            fc.constantFrom(...callers),
            fc.tuple(...names.map((name) => paramValue(name, route.method))),
            routeQuery,
            route.method === "GET" || route.method === "DELETE" ? fc.constant(undefined) : routeBody,
            fc.boolean(),
            async (caller, params, search, input, doubledSlashes) => {
              const response = await send(route, caller, params, search, input, doubledSlashes);
              const label = `${caller} ${route.method} ${doubledSlashes ? route.url.replaceAll("/", "//") : route.url}`;
              checkAnswer(response, label);
              if (caller === "admin" && response.statusCode === 401) adminCookie = await loginAs(t.app, admin);
            },
          ),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      }
    });
  });
}
