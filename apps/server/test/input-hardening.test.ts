import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_COMPONENT_DEPTH } from "@cohort/common/callouts";
import { errorBodySchema, type ErrorBody } from "@cohort/common/errors";
import { MAX_RULE_GROUP_DEPTH } from "@cohort/common/filters";
import { TEXT_LIMITS } from "@cohort/common/http";
import { defaultAnswers, defaultCalloutForm, loginAs, makeCallout, respond } from "./helpers/callout-factory.js";
import { makeContact } from "./helpers/factories.js";
import { call, createTestApp, type TestApp } from "./helpers/test-app.js";

let t: TestApp;
let adminCookie: string;
let callout: { id: string; slug: string };

beforeAll(async () => {
  t = await createTestApp();
  adminCookie = await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] }));
  callout = await makeCallout(t.database.db, t.clock, { access: "anonymous" });
});
afterAll(() => t.close());

function errorOf(response: { statusCode: number; json(): unknown }): ErrorBody {
  return errorBodySchema.parse(response.json());
}

const rulesQuery = (rules: unknown) => `rules=${encodeURIComponent(JSON.stringify(rules))}`;
const oneRule = (field: string, operator: string, value: unknown[]) => ({
  condition: "AND",
  rules: [{ field, operator, value }],
});

describe("text PostgreSQL cannot store", () => {
  it("a NUL byte in a path parameter is a 400 naming the parameter", async () => {
    const response = await call(t.app, "GET", "/callout/%00");
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({ code: "invalid-request", errors: [{ property: "id" }] });
  });

  it("a NUL byte in a query value or key is a 400 naming it", async () => {
    const value = await call(t.app, "GET", `/callout/${callout.slug}?variant=a%00b`);
    expect(value.statusCode).toBe(400);
    expect(errorOf(value)).toMatchObject({ code: "invalid-request", errors: [{ property: "variant" }] });
    const key = await call(t.app, "GET", `/callout/${callout.slug}/responses/map?a%00b=1`);
    expect(key.statusCode).toBe(400);
    expect(errorOf(key).code).toBe("invalid-request");
  });

  it("a NUL byte or a lone surrogate in an answer is a 400 naming the answer", async () => {
    for (const name of ["a\u0000b", "\ud800", "x\udc00y"]) {
      const response = await respond(t.app, callout.slug, { answers: { ...defaultAnswers(), slide1: { name } } });
      expect(response.statusCode, JSON.stringify(name)).toBe(400);
      expect(errorOf(response)).toMatchObject({
        code: "invalid-request",
        errors: [{ property: "answers.slide1.name" }],
      });
    }
    // A well-formed pair (an emoji) is fine.
    const emoji = await respond(t.app, callout.slug, { answers: { ...defaultAnswers("Ada 🦊") } });
    expect(emoji.statusCode).toBe(200);
  });

  it("a NUL byte or a lone surrogate in a body key is a 400", async () => {
    const response = await respond(t.app, callout.slug, { answers: { "slide\u0000": { name: "x" } } });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("invalid-request");
    const login = await call(t.app, "POST", "/auth/login", { body: { email: "a@example.org", password: "\ud83d" } });
    expect(login.statusCode).toBe(400);
    expect(errorOf(login)).toMatchObject({ code: "invalid-request", errors: [{ property: "password" }] });
  });

  it("a NUL byte inside the JSON of a rules query is a 400", async () => {
    const rules = rulesQuery(oneRule("title", "contains", ["a\u0000b"]));
    for (const path of ["/callout", "/contact"]) {
      const response = await call(t.app, "GET", `${path}?${rules}`, { cookie: adminCookie });
      expect(response.statusCode, path).toBe(400);
      expect(errorOf(response).code).toBe("invalid-request");
    }
  });
});

describe("filter rules", () => {
  it("a field named like a built-in object property is an invalid rule, for guests too", async () => {
    for (const field of ["constructor", "toString", "__proto__", "hasOwnProperty", "valueOf"]) {
      const query = rulesQuery(oneRule(field, "equal", ["x"]));
      const guest = await call(t.app, "GET", `/callout?${query}`);
      expect(guest.statusCode, field).toBe(400);
      expect(errorOf(guest).code).toBe("invalid-rule");
      const admin = await call(t.app, "GET", `/contact?${query}`, { cookie: adminCookie });
      expect(admin.statusCode, field).toBe(400);
      expect(errorOf(admin).code).toBe("invalid-rule");
      const map = await call(t.app, "GET", `/callout/${callout.slug}/responses?${query}`, { cookie: adminCookie });
      expect(map.statusCode, field).toBe(400);
      expect(errorOf(map).code).toBe("invalid-rule");
    }
  });

  it("a date out of range is an invalid rule", async () => {
    for (const value of ["$now(y:-999999)", "$now(y:99999)", "$now(d:-999999,y:-9000)", "$now(y:8000)", "0000"]) {
      const query = rulesQuery(oneRule("starts", "less", [value]));
      const guest = await call(t.app, "GET", `/callout?${query}`);
      expect(guest.statusCode, value).toBe(400);
      expect(errorOf(guest).code).toBe("invalid-rule");
      const contacts = await call(t.app, "GET", `/contact?${rulesQuery(oneRule("joined", "greater", [value]))}`, {
        cookie: adminCookie,
      });
      expect(contacts.statusCode, value).toBe(400);
      expect(errorOf(contacts).code).toBe("invalid-rule");
    }
    const fine = await call(t.app, "GET", `/callout?${rulesQuery(oneRule("starts", "less", ["$now(y:-2000)"]))}`);
    expect(fine.statusCode).toBe(200);
  });
});

/** Rule groups nested `depth` deep, as JSON text (too deep for JSON.stringify to write). */
function nestedJson(depth: number): string {
  const bottom = JSON.stringify(oneRule("title", "contains", ["x"]));
  return `${'{"condition":"OR","rules":['.repeat(depth - 1)}${bottom}${"]}".repeat(depth - 1)}`;
}

/** `{condition, rules: [ … ]}` nested `depth` groups deep, with one rule at the bottom. */
function nestedGroups(depth: number): unknown {
  let group: unknown = oneRule("title", "contains", ["x"]);
  for (let level = 1; level < depth; level++) group = { condition: "OR", rules: [group] };
  return group;
}

function nestedPanels(depth: number) {
  const form = defaultCalloutForm();
  let component: Record<string, unknown> = { id: "deep", key: "deep", type: "textfield", input: true };
  for (let level = 1; level < depth; level++) {
    component = { id: `p${level}`, key: `p${level}`, type: "panel", input: false, components: [component] };
  }
  form.slides[0]!.components.push(component as never);
  return form;
}

const calloutBody = (formSchema: unknown) => ({
  image: "",
  allowUpdate: false,
  allowMultiple: false,
  hidden: false,
  access: "member",
  captcha: "none",
  formSchema,
  variants: {
    default: {
      title: "Deep",
      excerpt: "",
      intro: "",
      thanksTitle: "Thanks",
      thanksText: "",
      slideNavigation: {},
      componentText: {},
    },
  },
});

describe("nesting", () => {
  it("a body nested thousands deep is a 400, not a stack overflow", async () => {
    const segment = await call(t.app, "POST", "/segments", {
      cookie: adminCookie,
      body: `{"name": "Deep", "ruleGroup": ${nestedJson(3000)}}`,
      headers: { "content-type": "application/json" },
    });
    expect(segment.statusCode).toBe(400);
    expect(errorOf(segment).code).toBe("invalid-request");

    const deep = '{"id":"deep","key":"deep","type":"textfield","input":true}';
    const panel = '{"id":"p","key":"p","type":"panel","components":[';
    const form = await call(t.app, "POST", "/callout", {
      cookie: adminCookie,
      body: JSON.stringify(calloutBody(nestedPanels(1))).replace(
        deep,
        `${panel.repeat(3000)}${deep}${"]}".repeat(3000)}`,
      ),
      headers: { "content-type": "application/json" },
    });
    expect(form.statusCode).toBe(400);
    expect(errorOf(form).code).toBe("invalid-request");

    const array = await call(t.app, "POST", "/auth/login", {
      body: `${"[".repeat(100_000)}${"]".repeat(100_000)}`,
      headers: { "content-type": "application/json" },
    });
    expect(array.statusCode).toBe(400);
  });

  it("rules nested deep in a query are refused before the schema recurses", async () => {
    const response = await call(t.app, "GET", `/callout?${rulesQuery(nestedGroups(600))}`);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe("invalid-request");
  });

  it("rule groups have a depth limit of their own", async () => {
    const tooDeep = await call(t.app, "GET", `/callout?${rulesQuery(nestedGroups(MAX_RULE_GROUP_DEPTH + 1))}`);
    expect(tooDeep.statusCode).toBe(400);
    expect(errorOf(tooDeep).code).toBe("invalid-rule");
    const deepest = await call(t.app, "GET", `/callout?${rulesQuery(nestedGroups(MAX_RULE_GROUP_DEPTH))}`);
    expect(deepest.statusCode).toBe(200);
  });

  it("panels have a depth limit of their own", async () => {
    const tooDeep = await call(t.app, "POST", "/callout", {
      cookie: adminCookie,
      body: calloutBody(nestedPanels(MAX_COMPONENT_DEPTH + 1)),
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(errorOf(tooDeep)).toMatchObject({
      code: "invalid-request",
      errors: [{ property: "formSchema.slides.0.components" }],
    });
    const deepest = await call(t.app, "POST", "/callout", {
      cookie: adminCookie,
      body: calloutBody(nestedPanels(MAX_COMPONENT_DEPTH)),
    });
    expect(deepest.statusCode).toBe(200);
  });
});

describe("text limits", () => {
  it("settings, logins and contacts refuse text over its limit", async () => {
    const name = await call(t.app, "PATCH", "/content/general", {
      cookie: adminCookie,
      body: { organisationName: "N".repeat(300_000) },
    });
    expect(name.statusCode).toBe(400);
    expect(errorOf(name)).toMatchObject({ code: "invalid-request", errors: [{ property: "organisationName" }] });
    const fits = await call(t.app, "PATCH", "/content/general", {
      cookie: adminCookie,
      body: { organisationName: "N".repeat(TEXT_LIMITS.short) },
    });
    expect(fits.statusCode).toBe(200);

    const login = await call(t.app, "POST", "/auth/login", {
      body: { email: "someone@example.org", password: "p".repeat(100_000) },
    });
    expect(login.statusCode).toBe(400);
    expect(errorOf(login).errors?.[0]?.property).toBe("password");

    const email = await call(t.app, "POST", "/contact", {
      cookie: adminCookie,
      body: { email: `${"a".repeat(300)}@example.org`, profile: { deliveryAddress: null } },
    });
    expect(email.statusCode).toBe(400);
    expect(errorOf(email).errors?.[0]?.property).toBe("email");
    const address = await call(t.app, "POST", "/contact", {
      cookie: adminCookie,
      body: {
        email: "address@example.org",
        profile: { deliveryAddress: { line1: "x".repeat(5_000), city: "Berlin", postcode: "10115" } },
      },
    });
    expect(address.statusCode).toBe(400);
    expect(errorOf(address).errors?.[0]?.property).toBe("profile.deliveryAddress.line1");
  });

  it("a text answer has a maximum length whatever the form says", async () => {
    const response = await respond(t.app, callout.slug, { answers: defaultAnswers("A".repeat(TEXT_LIMITS.long + 1)) });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain("slide1.name");
    const fits = await respond(t.app, callout.slug, { answers: defaultAnswers("A".repeat(TEXT_LIMITS.long)) });
    expect(fits.statusCode).toBe(200);
  });

  it("every text of a form has a maximum length, kept Form.io properties too", async () => {
    const form = defaultCalloutForm();
    form.slides[0]!.components.push({ id: "c-x", key: "x", type: "textfield", description: "d".repeat(20_000) });
    const description = await call(t.app, "POST", "/callout", { cookie: adminCookie, body: calloutBody(form) });
    expect(description.statusCode).toBe(400);
    expect(errorOf(description).errors?.[0]?.property).toBe("formSchema.slides.0.components.3.description");

    const html = defaultCalloutForm();
    html.slides[0]!.components.push({ id: "c-h", key: "h", type: "content", html: "<p>x</p>".repeat(7_000) });
    const tooLong = await call(t.app, "POST", "/callout", { cookie: adminCookie, body: calloutBody(html) });
    expect(tooLong.statusCode).toBe(400);
    html.slides[0]!.components[3]!.html = "<p>x</p>".repeat(5_000);
    const fits = await call(t.app, "POST", "/callout", { cookie: adminCookie, body: calloutBody(html) });
    expect(fits.statusCode).toBe(200);
  });
});

describe("errors the framework and Node raise", () => {
  let base: string;
  let port: number;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = Number(new URL(base).port);
  });

  it("a query string over the header limit is a 431 with the error body", async () => {
    const response = await fetch(`${base}/api/1.0/callout?variant=${"a".repeat(20_000)}`);
    expect(response.status).toBe(431);
    expect(errorBodySchema.parse(await response.json())).toMatchObject({ httpCode: 431, code: "invalid-request" });
  });

  it("a malformed request line is a 400 with the error body", async () => {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, "127.0.0.1", () => socket.write("GET /api/1.0/health HTTP/1.1\r\nHost x\r\n\r\n"));
      let text = "";
      socket.on("data", (chunk) => (text += chunk.toString()));
      socket.on("close", () => resolve(text));
      socket.on("error", reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400 /);
    const body = JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)) as unknown;
    expect(errorBodySchema.parse(body)).toMatchObject({ httpCode: 400, code: "invalid-request" });
  });

  it("a path that is not valid percent-encoding, or a parameter too long, get the error body", async () => {
    const badUrl = await fetch(`${base}/api/1.0/callout/%E0%A4%A`);
    expect(badUrl.status).toBe(400);
    expect(errorBodySchema.parse(await badUrl.json()).code).toBe("invalid-request");
    const long = await fetch(`${base}/api/1.0/callout/${"a".repeat(600)}`);
    expect(long.status).toBe(414);
    expect(errorBodySchema.parse(await long.json()).httpCode).toBe(414);
    // A slug at the schema's limit still reaches the route.
    const slug = await fetch(`${base}/api/1.0/callout/${"a".repeat(TEXT_LIMITS.slug)}`);
    expect(slug.status).toBe(404);
    expect(errorBodySchema.parse(await slug.json()).code).toBe("not-found");
  });

  it("prototype keys, bodies of other types and unknown media types get the error body", async () => {
    const headers = { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" };
    for (const payload of ['{"__proto__": {"x": 1}}', '{"constructor": {"prototype": {"x": 1}}}', "[]", '"text"']) {
      const response = await t.app.inject({ method: "POST", url: "/api/1.0/auth/login", headers, payload });
      expect(response.statusCode, payload).toBe(400);
      errorOf(response);
    }
    const xml = await t.app.inject({
      method: "POST",
      url: "/api/1.0/auth/login",
      headers: { ...headers, "content-type": "application/xml" },
      payload: "<a/>",
    });
    expect(xml.statusCode).toBe(415);
    expect(errorOf(xml).code).toBe("unsupported-media-type");
  });
});
