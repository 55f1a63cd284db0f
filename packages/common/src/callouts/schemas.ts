import { z } from "zod";
import { attributionOutputSchema, attributionSchema } from "../attribution/schemas.js";
import {
  childComponents,
  componentTypes,
  flattenComponents,
  isInputComponent,
  isNestable,
  componentOptions,
} from "../callout-form/model.js";
import type { CalloutForm, FormComponent } from "../callout-form/model.js";
import { contactSchema, isoDateSchema, localeSchema } from "../contacts/schemas.js";
import { ruleGroupQuerySchema, ruleGroupSchema } from "../filters/grammar.js";
import { TEXT_LIMITS, paginatedSchema, paginationQuerySchema, urlSchema, withOptionsSchema } from "../http/index.js";
import {
  CALLOUT_TEXT_MAX_LENGTH,
  CALLOUT_TITLE_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  DEFAULT_VARIANT,
  MAX_BUCKET_LENGTH,
  MAX_COMPONENTS_PER_SLIDE,
  MAX_COMPONENT_DEPTH,
  MAX_SLIDES,
  SHARE_DESCRIPTION_MAX_LENGTH,
  SLIDE_ID_MAX_LENGTH,
  TAG_DESCRIPTION_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
  calloutAccesses,
  calloutCaptchas,
  calloutChannels,
  calloutResponseSortFields,
  calloutResponseWithOptions,
  calloutSortFields,
  calloutStatuses,
  calloutWithOptions,
} from "./constants.js";
import { isValidSlug } from "./rules.js";
import { message } from "../validation/index.js";

const text = (max = CALLOUT_TEXT_MAX_LENGTH) => z.string().max(max);
const nullableDate = isoDateSchema.nullable();
/** Addresses are http(s) (links also mailto:, images also a path on this site), never `javascript:` or `data:`. */
const httpUrl = urlSchema("http");

// ---------------------------------------------------------------- form model

const optionSchema = z.looseObject({ label: z.string(), value: z.string(), nextSlideId: z.string().optional() });

/** Form.io component JSON: the properties Cohort reads are checked, any others kept. */
export const formComponentSchema: z.ZodType<FormComponent> = z.lazy(() =>
  z.looseObject({
    id: z.string().min(1).max(100),
    key: z
      .string()
      .min(1)
      .max(100)
      .regex(/^[A-Za-z0-9_-]+$/, { message: message("adminCallouts.validation.keyCharacters") }),
    type: z.enum(componentTypes),
    label: z.string().max(10_000).optional(),
    input: z.boolean().optional(),
    adminOnly: z.boolean().optional(),
    personal: z.boolean().optional(),
    showPublicly: z.boolean().optional(),
    multiple: z.boolean().optional(),
    hidden: z.boolean().optional(),
    fillFromLink: z.boolean().optional(),
    validate: z.looseObject({ required: z.boolean().optional(), pattern: z.string().optional() }).optional(),
    values: z.array(optionSchema).optional(),
    data: z.looseObject({ values: z.array(optionSchema).optional() }).optional(),
    components: z
      .array(
        z.union([
          formComponentSchema,
          z.looseObject({ key: z.string(), label: z.string(), components: z.array(formComponentSchema) }),
        ]),
      )
      .optional(),
  }),
) as z.ZodType<FormComponent>;

/** A slide as the editor sends it. */
export const formSlideInputSchema = z
  .object({
    id: z.string().min(1).max(SLIDE_ID_MAX_LENGTH),
    title: z.string().max(500),
    components: z.array(formComponentSchema).max(MAX_COMPONENTS_PER_SLIDE),
    navigation: z.object({ nextSlideId: z.string().nullable().optional() }).strict(),
  })
  .strict();

/** How deep components nest: 1 for a slide of plain inputs, 2 with a panel, and so on. */
function componentDepth(components: readonly FormComponent[]): number {
  let deepest = 0;
  const stack = components.map((component) => ({ component, depth: 1 }));
  while (stack.length > 0) {
    const { component, depth } = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if (isNestable(component)) {
      for (const child of childComponents(component)) stack.push({ component: child, depth: depth + 1 });
    }
  }
  return deepest;
}

/**
 * The first text in the slides over its limit: HTML of content components up
 * to TEXT_LIMITS.html, every other text (labels, options, Form.io properties
 * kept as they are) up to TEXT_LIMITS.long.
 */
function overlongText(slides: unknown): { path: (string | number)[]; max: number } | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value: slides, path: ["slides"] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (typeof value === "string") {
      const max = path.at(-1) === "html" ? TEXT_LIMITS.html : TEXT_LIMITS.long;
      if (value.length > max) return { path, max };
    } else if (typeof value === "object" && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        stack.push({ value: child, path: [...path, Array.isArray(value) ? Number(key) : key] });
      }
    }
  }
  return null;
}

function checkForm(
  form: { slides: { id: string; components: FormComponent[]; navigation: { nextSlideId?: string | null } }[] },
  ctx: z.RefinementCtx,
) {
  const overlong = overlongText(form.slides);
  if (overlong) {
    ctx.addIssue({
      code: "custom",
      path: overlong.path,
      message: `Maximum length of ${overlong.max} characters exceeded`,
    });
    return;
  }
  const tooDeep = form.slides.findIndex((slide) => componentDepth(slide.components) > MAX_COMPONENT_DEPTH);
  if (tooDeep >= 0) {
    ctx.addIssue({
      code: "custom",
      path: ["slides", tooDeep, "components"],
      message: `Panels, wells and tabs nest at most ${MAX_COMPONENT_DEPTH} deep`,
    });
    return;
  }
  const slideIds = new Set<string>();
  form.slides.forEach((slide, index) => {
    if (slideIds.has(slide.id)) {
      ctx.addIssue({ code: "custom", path: ["slides", index, "id"], message: "Slide ids must be unique" });
    }
    slideIds.add(slide.id);
  });
  // A slide's own next slide may name no slide, as the reference accepts: it ends the walk (decision 024).
  form.slides.forEach((slide, index) => {
    const keys = new Set<string>();
    for (const component of flattenComponents(slide.components)) {
      if (isInputComponent(component) || component.type === "content") {
        if (keys.has(component.key)) {
          ctx.addIssue({
            code: "custom",
            path: ["slides", index, "components"],
            message: `Key ${component.key} is used twice in this slide`,
          });
        }
        keys.add(component.key);
      }
      for (const option of componentOptions(component)) {
        if (option.nextSlideId && !slideIds.has(option.nextSlideId)) {
          ctx.addIssue({
            code: "custom",
            path: ["slides", index, "components"],
            message: `No slide ${option.nextSlideId}`,
          });
        }
      }
    }
  });
}

/** The form as POST and PATCH take it (the reference's SET form). */
export const formSchemaInputSchema = z
  .object({ slides: z.array(formSlideInputSchema).min(1).max(MAX_SLIDES) })
  .strict()
  .superRefine(checkForm);
export type FormSchemaInput = z.infer<typeof formSchemaInputSchema>;

/** The form as `with=form` returns it, with the chosen variant's texts. */
export const formSchemaOutputSchema: z.ZodType<CalloutForm> = z.object({
  slides: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      components: z.array(formComponentSchema),
      navigation: z.object({
        nextSlideId: z.string().nullable().optional(),
        prevText: z.string().optional(),
        nextText: z.string().optional(),
        submitText: z.string().optional(),
      }),
    }),
  ),
  componentText: z.record(z.string(), z.string()).optional(),
});

// ---------------------------------------------------------------- variants

export const slideNavigationTextSchema = z
  .object({ prevText: text(200), nextText: text(200), submitText: text(200) })
  .strict();

export const calloutVariantSchema = z
  .object({
    title: text(CALLOUT_TITLE_MAX_LENGTH),
    excerpt: text(2000),
    intro: text(),
    thanksTitle: text(CALLOUT_TITLE_MAX_LENGTH),
    thanksText: text(),
    thanksRedirect: httpUrl.nullable().optional(),
    shareTitle: text(CALLOUT_TITLE_MAX_LENGTH).nullable().optional(),
    shareDescription: text(SHARE_DESCRIPTION_MAX_LENGTH).nullable().optional(),
    slideNavigation: z.record(z.string().max(TEXT_LIMITS.key), slideNavigationTextSchema),
    componentText: z.record(z.string().max(TEXT_LIMITS.long), text(TEXT_LIMITS.long)),
  })
  .strict();
export type CalloutVariant = z.infer<typeof calloutVariantSchema>;

export const calloutVariantsSchema = z
  .record(
    z.string().regex(/^[a-z]{2}(@[a-z]+)?$|^default$/, { message: "A variant is named default or by a locale" }),
    calloutVariantSchema,
  )
  .refine((variants) => DEFAULT_VARIANT in variants, { message: "Default variant is required" });

// ---------------------------------------------------------------- response view (map and gallery)

const lngLatSchema = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

export const calloutMapSchema = z
  .object({
    style: urlSchema("http", { allowEmpty: true }),
    center: lngLatSchema,
    bounds: z.tuple([lngLatSchema, lngLatSchema]),
    minZoom: z.number().min(0).max(20),
    maxZoom: z.number().min(0).max(20),
    initialZoom: z.number().min(0).max(20),
    addressProp: z.string().max(TEXT_LIMITS.short),
    addressPattern: z.string().max(TEXT_LIMITS.medium),
    addressPatternProp: z.string().max(TEXT_LIMITS.short),
    geocodeCountries: z.string().max(TEXT_LIMITS.short).optional(),
  })
  .strict();
export type CalloutMap = z.infer<typeof calloutMapSchema>;

export const responseViewSchemaSchema = z
  .object({
    buckets: z.array(z.string().max(100)).max(10),
    titleProp: z.string().max(300),
    imageProp: z.string().max(300),
    imageFilter: z.string().max(300),
    links: z.array(z.object({ text: z.string().max(200), url: urlSchema("link") }).strict()).max(20),
    gallery: z.boolean(),
    map: calloutMapSchema.nullable(),
  })
  .strict();
export type ResponseViewSchema = z.infer<typeof responseViewSchemaSchema>;

export const newsletterSchemaSchema = z
  .object({
    title: text(300),
    text: text(),
    optIn: text(300),
    groups: z
      .array(
        z
          .object({
            id: z.string().max(TEXT_LIMITS.key),
            label: z.string().max(TEXT_LIMITS.short),
            checked: z.boolean(),
          })
          .strict(),
      )
      .max(50),
  })
  .strict();
export type NewsletterSchema = z.infer<typeof newsletterSchemaSchema>;

// ---------------------------------------------------------------- callout

const slugSchema = z.string().refine(isValidSlug, { message: message("adminCallouts.validation.slugCharacters") });

export const createCalloutSchema = z
  .object({
    slug: slugSchema.optional(),
    image: urlSchema("image", { allowEmpty: true }),
    starts: nullableDate.optional(),
    expires: nullableDate.optional(),
    allowUpdate: z.boolean(),
    allowMultiple: z.boolean(),
    hidden: z.boolean(),
    access: z.enum(calloutAccesses),
    captcha: z.enum(calloutCaptchas),
    channels: z.array(z.enum(calloutChannels)).nullable().optional(),
    formSchema: formSchemaInputSchema,
    variants: calloutVariantsSchema,
    newsletterSchema: newsletterSchemaSchema.nullable().optional(),
    responseViewSchema: responseViewSchemaSchema.nullable().optional(),
  })
  .strict();
export type CreateCallout = z.infer<typeof createCalloutSchema>;

export const updateCalloutSchema = createCalloutSchema.partial().strict();
export type UpdateCallout = z.infer<typeof updateCalloutSchema>;

export const calloutSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  image: z.string(),
  starts: nullableDate,
  expires: nullableDate,
  allowUpdate: z.boolean(),
  allowMultiple: z.boolean(),
  hidden: z.boolean(),
  access: z.enum(calloutAccesses),
  captcha: z.enum(calloutCaptchas),
  status: z.enum(calloutStatuses),
  channels: z.array(z.enum(calloutChannels)).nullable(),
  // with=form
  intro: z.string().optional(),
  thanksTitle: z.string().optional(),
  thanksText: z.string().optional(),
  thanksRedirect: z.string().optional(),
  shareTitle: z.string().optional(),
  shareDescription: z.string().optional(),
  formSchema: formSchemaOutputSchema.optional(),
  newsletterSchema: newsletterSchemaSchema.nullable().optional(),
  // other with options
  responseViewSchema: responseViewSchemaSchema.nullable().optional(),
  responseCount: z.number().int().optional(),
  hasAnswered: z.boolean().optional(),
  variantNames: z.array(z.string()).optional(),
  variants: z.record(z.string(), calloutVariantSchema).optional(),
});
export type Callout = z.infer<typeof calloutSchema>;

export const calloutListSchema = paginatedSchema(calloutSchema);
export type CalloutList = z.infer<typeof calloutListSchema>;

const variantQuery = z.string().max(20).optional();

export const listCalloutsQuerySchema = paginationQuerySchema
  .extend({
    sort: z.enum(calloutSortFields).optional(),
    rules: ruleGroupQuerySchema.optional(),
    with: withOptionsSchema(calloutWithOptions),
    "with[]": withOptionsSchema(calloutWithOptions),
    variant: variantQuery,
  })
  .strict();
export type ListCalloutsQuery = z.infer<typeof listCalloutsQuerySchema>;

export const getCalloutQuerySchema = z
  .object({
    with: withOptionsSchema(calloutWithOptions),
    "with[]": withOptionsSchema(calloutWithOptions),
    variant: variantQuery,
  })
  .strict();
export type GetCalloutQuery = z.infer<typeof getCalloutQuerySchema>;

export const createCalloutQuerySchema = z.object({ fromId: z.string().max(200).optional() }).strict();

/** `POST /callout?fromId=` takes any subset of the fields to change on the copy. */
export const replicateCalloutSchema = updateCalloutSchema;

// ---------------------------------------------------------------- responses

export const guestSchema = z
  .object({
    firstname: z
      .string()
      .trim()
      .min(1, { message: message("validation.firstnameRequired") })
      .max(100),
    lastname: z
      .string()
      .trim()
      .min(1, { message: message("validation.lastnameRequired") })
      .max(100),
    email: z.email({ message: message("validation.emailInvalid") }).max(254),
  })
  .strict();
export type Guest = z.infer<typeof guestSchema>;

export const responseNewsletterSchema = z
  .object({ optIn: z.boolean(), groups: z.array(z.string().max(100)).max(50).default([]) })
  .strict();

/** Answers are checked against the callout's form by the service; here only their shape. */
export const answersSchema = z.record(z.string().max(100), z.record(z.string().max(100), z.unknown()));

export const createCalloutResponseSchema = z
  .object({
    answers: answersSchema,
    guest: guestSchema.optional(),
    newsletter: responseNewsletterSchema.optional(),
    /** The language of the page answered on; the responder's emails use it. */
    locale: localeSchema.optional(),
    /** Where the answer came from: the campaign fields of the link the page was opened with (decision 074). */
    attribution: attributionSchema.optional(),
  })
  .strict();
export type CreateCalloutResponse = z.infer<typeof createCalloutResponseSchema>;

export const createCalloutResponseQuerySchema = z.object({ captchaToken: z.string().max(10_000).optional() }).strict();

/** A staff comment on a response; `text` is sanitised HTML. */
export const calloutResponseCommentSchema = z.object({
  id: z.uuid(),
  responseId: z.uuid(),
  text: z.string(),
  contact: contactSchema,
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
});
export type CalloutResponseComment = z.infer<typeof calloutResponseCommentSchema>;

export const calloutResponseSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
  bucket: z.string(),
  guestName: z.string().nullable(),
  guestEmail: z.string().nullable(),
  /** Set on a response imported from a file, not sent through the form. */
  imported: z.boolean().optional(),
  answers: answersSchema.optional(),
  contact: contactSchema.nullable().optional(),
  assignee: contactSchema.nullable().optional(),
  callout: calloutSchema.optional(),
  latestComment: calloutResponseCommentSchema.nullable().optional(),
  tags: z.array(z.object({ id: z.uuid(), name: z.string() })).optional(),
  /** Cohort's: the campaign fields the answer came with, for those who triage it (decision 074). */
  attribution: attributionOutputSchema.optional(),
});
export type CalloutResponse = z.infer<typeof calloutResponseSchema>;

export const calloutResponseListSchema = paginatedSchema(calloutResponseSchema);

/** What an anonymous or guest submission gets back. */
export const createdResponseSchema = z.object({ id: z.uuid() });

/** The link a guest is emailed: confirming it links their response to the contact with that address. */
export const confirmGuestResponseSchema = z.object({ token: z.uuid() }).strict();
export type ConfirmGuestResponse = z.infer<typeof confirmGuestResponseSchema>;

export const confirmedGuestResponseSchema = z.object({ calloutSlug: z.string() });
export type ConfirmedGuestResponse = z.infer<typeof confirmedGuestResponseSchema>;

export const listCalloutResponsesQuerySchema = paginationQuerySchema
  .extend({
    sort: z.enum(calloutResponseSortFields).optional(),
    rules: ruleGroupQuerySchema.optional(),
    with: withOptionsSchema(calloutResponseWithOptions),
    "with[]": withOptionsSchema(calloutResponseWithOptions),
  })
  .strict();
export type ListCalloutResponsesQuery = z.infer<typeof listCalloutResponsesQuerySchema>;

export const getCalloutResponseQuerySchema = z
  .object({
    with: withOptionsSchema(calloutResponseWithOptions),
    "with[]": withOptionsSchema(calloutResponseWithOptions),
  })
  .strict();
export type GetCalloutResponseQuery = z.infer<typeof getCalloutResponseQuerySchema>;

/** `+<tagId>` adds a tag, `-<tagId>` removes it. */
export const responseTagChangeSchema = z
  .string()
  .regex(/^[+-][0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
    message: "Expected +<tag id> or -<tag id>",
  });

const responseChanges = {
  bucket: z.string().max(MAX_BUCKET_LENGTH),
  tags: z.array(responseTagChangeSchema).max(100),
  assigneeId: z.uuid().nullable(),
};

export const updateCalloutResponseSchema = z
  .object({
    answers: answersSchema,
    ...responseChanges,
  })
  .partial()
  .strict();
export type UpdateCalloutResponse = z.infer<typeof updateCalloutResponseSchema>;

export const bulkUpdateCalloutResponsesSchema = z
  .object({ rules: ruleGroupSchema, updates: z.object(responseChanges).partial().strict() })
  .strict();
export type BulkUpdateCalloutResponses = z.infer<typeof bulkUpdateCalloutResponsesSchema>;
export const bulkUpdateResultSchema = z.object({ affected: z.number().int() });

export const exportCalloutResponsesQuerySchema = z.object({ rules: ruleGroupQuerySchema.optional() }).strict();

// ---------------------------------------------------------------- callout tags

export const calloutTagSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  responseCount: z.number().int().optional(),
});
export type CalloutTag = z.infer<typeof calloutTagSchema>;

export const createCalloutTagSchema = z
  .object({
    name: z.string().trim().min(1).max(TAG_NAME_MAX_LENGTH),
    description: z.string().max(TAG_DESCRIPTION_MAX_LENGTH),
  })
  .strict();
export type CreateCalloutTag = z.infer<typeof createCalloutTagSchema>;
export const updateCalloutTagSchema = createCalloutTagSchema.partial().strict();
export type UpdateCalloutTag = z.infer<typeof updateCalloutTagSchema>;

export const calloutTagWithOptions = ["responseCount"] as const;
export const listCalloutTagsQuerySchema = z
  .object({
    sort: z.enum(["id", "name"]).optional(),
    order: z.enum(["ASC", "DESC"]).default("ASC"),
    rules: ruleGroupQuerySchema.optional(),
    with: withOptionsSchema(calloutTagWithOptions),
    "with[]": withOptionsSchema(calloutTagWithOptions),
  })
  .strict();
export type ListCalloutTagsQuery = z.infer<typeof listCalloutTagsQuerySchema>;

// ---------------------------------------------------------------- comments

export const createCalloutResponseCommentSchema = z
  .object({ responseId: z.uuid(), text: z.string().min(1).max(COMMENT_MAX_LENGTH) })
  .strict();
export type CreateCalloutResponseComment = z.infer<typeof createCalloutResponseCommentSchema>;
export const updateCalloutResponseCommentSchema = z
  .object({ text: z.string().min(1).max(COMMENT_MAX_LENGTH) })
  .strict();
export const listCalloutResponseCommentsQuerySchema = paginationQuerySchema
  .extend({ sort: z.enum(["createdAt", "updatedAt"]).optional(), rules: ruleGroupQuerySchema.optional() })
  .strict();
export type ListCalloutResponseCommentsQuery = z.infer<typeof listCalloutResponseCommentsQuerySchema>;
export const calloutResponseCommentListSchema = paginatedSchema(calloutResponseCommentSchema);

export const mapResponseSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  photos: z.array(z.looseObject({ url: z.string() })),
  address: z.unknown().optional(),
  answers: answersSchema,
});
export type MapResponse = z.infer<typeof mapResponseSchema>;
export const mapResponseListSchema = paginatedSchema(mapResponseSchema);

/**
 * The map feed comes in pages of `MAP_RESPONSE_LIMIT` (`limit` is ignored as
 * in the reference); `offset` fetches the next page until `offset + count`
 * reaches `total` (decision 035).
 */
export const listMapResponsesQuerySchema = z
  .object({
    rules: ruleGroupQuerySchema.optional(),
    sort: z.enum(calloutResponseSortFields).optional(),
    offset: z.coerce.number().int().min(0).max(10_000_000).optional(),
  })
  .passthrough();

// ---------------------------------------------------------------- reviewers

export const calloutReviewerSchema = z.object({ id: z.uuid(), contact: contactSchema });
export type CalloutReviewer = z.infer<typeof calloutReviewerSchema>;
export const createCalloutReviewerSchema = z.object({ contactId: z.uuid() }).strict();

// ---------------------------------------------------------------- uploads

/** A single-use upload token: `id` as the reference answers it, `token` as the specification names it (same value). */
export const uploadFlowSchema = z.object({ id: z.uuid(), token: z.uuid() });
export const uploadResultSchema = z.object({ url: z.string() });

export { ruleGroupSchema };
