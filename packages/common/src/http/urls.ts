import { z } from "zod";
import { TEXT_LIMITS } from "./limits.js";
import type { UrlKind } from "./url-rules.js";
import { isAllowedUrl } from "./url-rules.js";
import { message } from "../validation/index.js";

const REQUIRED = message("validation.urlRequired");
const INVALID = message("validation.urlInvalid");

/**
 * A web address of the kind (see `url-rules.ts`), trimmed. With `allowEmpty`,
 * an empty string stands for "not set"; otherwise it is "URL is required".
 */
export function urlSchema(kind: UrlKind, { allowEmpty = false }: { allowEmpty?: boolean } = {}) {
  return z
    .string({ error: (issue) => (issue.input === undefined ? REQUIRED : INVALID) })
    .trim()
    .max(TEXT_LIMITS.url, { message: message("validation.tooLong", { max: TEXT_LIMITS.url }) })
    .superRefine((value, ctx) => {
      if (value === "") {
        if (!allowEmpty) ctx.addIssue({ code: "custom", message: REQUIRED });
      } else if (!isAllowedUrl(value, kind)) {
        ctx.addIssue({ code: "custom", message: INVALID });
      }
    });
}

/** An absolute `http:` or `https:` address. */
export const httpUrlSchema = urlSchema("http");
/** An `http:`, `https:` or `mailto:` address, or a path on this site. */
export const linkUrlSchema = urlSchema("link");
/** An `http:` or `https:` image address, or a path on this site. */
export const imageUrlSchema = urlSchema("image");
