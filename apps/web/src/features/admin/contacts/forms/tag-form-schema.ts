import type { z } from "zod";
import { createContactTagSchema } from "@cohort/common/tags";

/** A tag's name, as the create and rename forms ask for it. */
export const tagNameFormSchema = createContactTagSchema.pick({ name: true });
export type TagNameFormInput = z.input<typeof tagNameFormSchema>;
export type TagNameFormValues = z.output<typeof tagNameFormSchema>;
