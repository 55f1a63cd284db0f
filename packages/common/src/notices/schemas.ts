import { z } from "zod";
import { isoDateSchema } from "../contacts/schemas.js";
import { ruleGroupQuerySchema } from "../filters/grammar.js";
import { TEXT_LIMITS, paginatedSchema, paginationQuerySchema, urlSchema } from "../http/index.js";
import { noticeSortFields, noticeStatuses } from "./constants.js";

const NAME_REQUIRED = "Name is required";
const TEXT_REQUIRED = "This field is required";
const tooLong = (max: number) => `Maximum length of ${max} characters exceeded`;

const name = z
  .string({ error: NAME_REQUIRED })
  .trim()
  .min(1, { message: NAME_REQUIRED })
  .max(TEXT_LIMITS.short, { message: tooLong(TEXT_LIMITS.short) });
/** HTML from the editor; the server cleans it before it is stored. */
const text = z
  .string({ error: TEXT_REQUIRED })
  .min(1, { message: TEXT_REQUIRED })
  .max(TEXT_LIMITS.html, { message: tooLong(TEXT_LIMITS.html) });
const buttonText = z
  .string()
  .trim()
  .max(TEXT_LIMITS.name, { message: tooLong(TEXT_LIMITS.name) });
/** Where the button leads: http(s), mailto: or a path on this site; empty means no link. */
const url = urlSchema("link", { allowEmpty: true });
const date = isoDateSchema.nullable();

function withDateOrder(
  value: { starts?: string | null | undefined; expires?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.starts && value.expires && new Date(value.expires) < new Date(value.starts)) {
    ctx.addIssue({ code: "custom", path: ["expires"], message: "The end must come after the start" });
  }
}

export const createNoticeSchema = z
  .object({
    name,
    text,
    starts: date.optional(),
    expires: date.optional(),
    buttonText: buttonText.nullable().optional(),
    url: url.nullable().optional(),
  })
  .strict()
  .superRefine(withDateOrder);
export type CreateNotice = z.infer<typeof createNoticeSchema>;

export const updateNoticeSchema = z
  .object({
    name: name.optional(),
    text: text.optional(),
    starts: date.optional(),
    expires: date.optional(),
    buttonText: buttonText.nullable().optional(),
    url: url.nullable().optional(),
  })
  .strict()
  .superRefine(withDateOrder);
export type UpdateNotice = z.infer<typeof updateNoticeSchema>;

export const noticeSchema = z.object({
  id: z.string(),
  createdAt: isoDateSchema,
  updatedAt: isoDateSchema,
  name: z.string(),
  text: z.string(),
  starts: date,
  expires: date,
  status: z.enum(noticeStatuses),
  /** Present only when set. */
  buttonText: z.string().optional(),
  url: z.string().optional(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListSchema = paginatedSchema(noticeSchema);
export type NoticeList = z.infer<typeof noticeListSchema>;

export const listNoticesQuerySchema = paginationQuerySchema
  .extend({
    sort: z.enum(noticeSortFields).optional(),
    rules: ruleGroupQuerySchema.optional(),
  })
  .strict();
export type ListNoticesQuery = z.infer<typeof listNoticesQuerySchema>;
