import { z } from "zod";
import { emailSchema } from "@cohort/common/auth";

/** The shared email rule, with its own message when nothing was typed. */
export const requiredEmailSchema = z.string().trim().min(1, { message: "Email is required" }).pipe(emailSchema);
