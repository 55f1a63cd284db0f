import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { CalloutAnswers } from "@cohort/common/callout-form";
import type {
  CalloutAccess,
  CalloutCaptcha,
  CreateCallout,
  FormSchemaInput,
  NewsletterSchema,
  ResponseViewSchema,
} from "@cohort/common/callouts";
import { DEFAULT_VARIANT } from "@cohort/common/callouts";
import type { Clock } from "../../src/context.js";
import type { Db } from "../../src/db/client.js";
import { calloutVariants, callouts } from "../../src/db/schema/index.js";
import { makeContact, PASSWORD } from "./factories.js";
import { call, createTestApp, sessionCookie, type TestApp } from "./test-app.js";

const ONE_DAY_MS = 86_400_000;

/** Two slides: a name, a colour and an age, then a photo and a consent box. */
export function defaultCalloutForm(): FormSchemaInput {
  return {
    slides: [
      {
        id: "slide1",
        title: "About you",
        navigation: { nextSlideId: null },
        components: [
          {
            id: "c-name",
            key: "name",
            type: "textfield",
            label: "Your name",
            input: true,
            validate: { required: true },
          },
          {
            id: "c-colour",
            key: "colour",
            type: "select",
            label: "Favourite colour",
            input: true,
            data: {
              values: [
                { label: "Red", value: "red" },
                { label: "Blue", value: "blue" },
              ],
            },
          },
          { id: "c-age", key: "age", type: "number", label: "Age", input: true, validate: { min: 0, max: 150 } },
        ],
      },
      {
        id: "slide2",
        title: "Your photo",
        navigation: { nextSlideId: null },
        components: [
          { id: "c-photo", key: "photo", type: "file", label: "A photo", input: true },
          { id: "c-consent", key: "consent", type: "checkbox", label: "I agree", input: true },
        ],
      },
    ],
  };
}

/** The settings of a `POST /callout` body for an anonymous callout without captcha; add a form and texts. */
export const anonymousCalloutSettings = {
  image: "",
  allowUpdate: false,
  allowMultiple: false,
  hidden: false,
  access: "anonymous",
  captcha: "none",
} as const satisfies Partial<CreateCallout>;

/** Answers the default form accepts. */
export function defaultAnswers(name = "Ada"): CalloutAnswers {
  return { slide1: { name, colour: "blue", age: 36 }, slide2: { consent: true } };
}

/** A public map and gallery of the "verified" responses around London, taking these fields. */
export function publicResponseView(fields: {
  titleProp: string;
  imageProp: string;
  addressProp: string;
}): ResponseViewSchema {
  return {
    buckets: ["verified"],
    titleProp: fields.titleProp,
    imageProp: fields.imageProp,
    imageFilter: "",
    links: [],
    gallery: true,
    map: {
      style: "",
      center: [0, 51],
      bounds: [
        [-10, 45],
        [10, 60],
      ],
      minZoom: 1,
      maxZoom: 18,
      initialZoom: 10,
      addressProp: fields.addressProp,
      addressPattern: "",
      addressPatternProp: "",
    },
  };
}

export interface CalloutSpec {
  slug?: string;
  title?: string;
  access?: CalloutAccess;
  captcha?: CalloutCaptcha;
  allowUpdate?: boolean;
  allowMultiple?: boolean;
  hidden?: boolean;
  /** Defaults to a day before the clock's now (open); null makes a draft. */
  starts?: Date | null;
  expires?: Date | null;
  formSchema?: FormSchemaInput;
  responseViewSchema?: ResponseViewSchema | null;
  newsletterSchema?: NewsletterSchema | null;
}

export interface MadeCallout {
  id: string;
  slug: string;
}

let sequence = 0;

/** Inserts a callout and its default variant straight into the database. */
export async function makeCallout(db: Db, clock: Clock, spec: CalloutSpec = {}): Promise<MadeCallout> {
  sequence++;
  const id = randomUUID();
  const slug = spec.slug ?? `callout-${sequence}-${id.slice(0, 8)}`;
  const now = clock.now();
  await db.insert(callouts).values({
    id,
    slug,
    image: "",
    starts: spec.starts === undefined ? new Date(now.getTime() - ONE_DAY_MS) : spec.starts,
    expires: spec.expires ?? null,
    allowUpdate: spec.allowUpdate ?? false,
    allowMultiple: spec.allowMultiple ?? false,
    hidden: spec.hidden ?? false,
    access: spec.access ?? "member",
    captcha: spec.captcha ?? "none",
    formSchema: spec.formSchema ?? defaultCalloutForm(),
    newsletterSchema: spec.newsletterSchema ?? null,
    responseViewSchema: spec.responseViewSchema ?? null,
    createdAt: now,
  });
  await db.insert(calloutVariants).values({
    calloutId: id,
    name: DEFAULT_VARIANT,
    title: spec.title ?? `Callout ${sequence}`,
    excerpt: "",
    intro: "",
    thanksTitle: "Thank you",
    thanksText: "",
    slideNavigation: {},
    componentText: {},
  });
  return { id, slug };
}

export interface RespondOptions {
  cookie?: string | undefined;
  captchaToken?: string;
}

/** Answers a callout through the API, as the respond page does. */
export function respond(app: FastifyInstance, idOrSlug: string, body: unknown, options: RespondOptions = {}) {
  const query = options.captchaToken ? `?captchaToken=${encodeURIComponent(options.captchaToken)}` : "";
  return call(app, "POST", `/callout/${idOrSlug}/responses${query}`, { cookie: options.cookie, body });
}

/** Logs a contact made by `makeContact` in and returns their session cookie. */
export async function loginAs(app: FastifyInstance, contact: { email: string }): Promise<string> {
  return sessionCookie(await call(app, "POST", "/auth/login", { body: { email: contact.email, password: PASSWORD } }));
}

/** A test app and the session cookie of an admin on it. */
export async function createAppWithAdmin(): Promise<{ t: TestApp; adminCookie: string }> {
  const t = await createTestApp();
  return { t, adminCookie: await loginAs(t.app, await makeContact(t.database.db, { roles: ["admin"] })) };
}
