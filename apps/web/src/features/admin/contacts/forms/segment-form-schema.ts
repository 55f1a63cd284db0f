import type { z } from "zod";
import { createSegmentSchema } from "@cohort/common/segments";

/** Name and description of a segment; the rules come from the filter on screen. */
export const segmentFormSchema = createSegmentSchema.pick({ name: true, description: true });
export type SegmentFormInput = z.input<typeof segmentFormSchema>;
export type SegmentFormValues = z.output<typeof segmentFormSchema>;
