import { z } from "zod";
import { emailSchema } from "@cohort/common/auth";
import { message } from "@cohort/common/validation";

/** The shared email rule, with its own message when nothing was typed. */
export const requiredEmailSchema = z
  .string()
  .trim()
  .min(1, { message: message("validation.emailRequired") })
  .pipe(emailSchema);
