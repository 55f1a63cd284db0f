import { z } from "zod";
import { ruleGroupSchema } from "../filters/grammar.js";
import { sortOrders, withOptionsSchema } from "../http/index.js";

export const SEGMENT_NAME_MAX_LENGTH = 100;
export const SEGMENT_DESCRIPTION_MAX_LENGTH = 1000;

export const segmentSortFields = ["name", "description", "order"] as const;
export type SegmentSortField = (typeof segmentSortFields)[number];

/** Extras a segment gains on request (`with=contactCount`). */
export const segmentWithOptions = ["contactCount"] as const;
export type SegmentWith = (typeof segmentWithOptions)[number];

/** A saved contact filter. `contactCount` is how many contacts match it now. */
export const segmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  ruleGroup: ruleGroupSchema,
  order: z.number().int(),
  contactCount: z.number().int().min(0).optional(),
});
export type Segment = z.infer<typeof segmentSchema>;

/** Create and update always answer with the count. */
export const segmentWithCountSchema = segmentSchema.required({ contactCount: true });
export type SegmentWithCount = z.infer<typeof segmentWithCountSchema>;

const segmentNameSchema = z
  .string({ message: "Name is required" })
  .trim()
  .min(1, { message: "Name is required" })
  .max(SEGMENT_NAME_MAX_LENGTH, { message: `Maximum length of ${SEGMENT_NAME_MAX_LENGTH} characters exceeded` });

const segmentDescriptionSchema = z.string().max(SEGMENT_DESCRIPTION_MAX_LENGTH, {
  message: `Maximum length of ${SEGMENT_DESCRIPTION_MAX_LENGTH} characters exceeded`,
});

/** The position in the admin's list; stored as a 32-bit integer. */
const segmentOrderSchema = z.int32({ message: "Order must be a whole number" });

export const createSegmentSchema = z
  .object({
    name: segmentNameSchema,
    description: segmentDescriptionSchema.default(""),
    ruleGroup: ruleGroupSchema,
    /** Left out: after the last segment. */
    order: segmentOrderSchema.optional(),
  })
  .strict();
export type CreateSegment = z.infer<typeof createSegmentSchema>;

/** Only the fields sent change; no defaults, so a rename keeps the description. */
export const updateSegmentSchema = z
  .object({
    name: segmentNameSchema,
    description: segmentDescriptionSchema,
    ruleGroup: ruleGroupSchema,
    order: segmentOrderSchema,
  })
  .partial()
  .strict();
export type UpdateSegment = z.infer<typeof updateSegmentSchema>;

const withContactCount = {
  with: withOptionsSchema(segmentWithOptions),
  "with[]": withOptionsSchema(segmentWithOptions),
};

export const listSegmentsQuerySchema = z
  .object({
    sort: z.enum(segmentSortFields).default("order"),
    order: z.enum(sortOrders).default("ASC"),
    ...withContactCount,
  })
  .strict();
export type ListSegmentsQuery = z.infer<typeof listSegmentsQuerySchema>;

export const getSegmentQuerySchema = z.object(withContactCount).strict();
export type GetSegmentQuery = z.infer<typeof getSegmentQuerySchema>;
