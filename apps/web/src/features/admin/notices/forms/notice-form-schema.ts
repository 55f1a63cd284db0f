import { z } from "zod";
import { TEXT_LIMITS, isAllowedUrl } from "@cohort/common/http";
import type { CreateNotice, Notice } from "@cohort/common/notices";
import { message } from "@cohort/common/validation";
import { fromLocalInput, toLocalInput } from "../../shared/local-date-input";

const tooLong = (max: number) => message("validation.tooLong", { max });

/** The notice form: dates are `datetime-local` values in the browser's time zone. */
export const noticeFormSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { message: message("validation.nameRequired") })
      .max(TEXT_LIMITS.short, { message: tooLong(TEXT_LIMITS.short) }),
    text: z
      .string()
      .trim()
      .min(1, { message: message("validation.required") })
      .max(TEXT_LIMITS.html, { message: tooLong(TEXT_LIMITS.html) }),
    buttonText: z
      .string()
      .trim()
      .max(TEXT_LIMITS.name, { message: tooLong(TEXT_LIMITS.name) }),
    url: z
      .string()
      .trim()
      .max(TEXT_LIMITS.url, { message: tooLong(TEXT_LIMITS.url) })
      .refine((value) => value === "" || isAllowedUrl(value, "link"), {
        message: message("validation.urlInvalid"),
      }),
    starts: z.string(),
    expires: z.string(),
  })
  .superRefine((values, ctx) => {
    if (values.buttonText && !values.url) {
      ctx.addIssue({ code: "custom", path: ["url"], message: message("validation.urlRequired") });
    }
    const starts = fromLocalInput(values.starts);
    const expires = fromLocalInput(values.expires);
    if (values.expires && !values.starts) {
      ctx.addIssue({ code: "custom", path: ["starts"], message: message("validation.dateRequired") });
    }
    if (starts && expires && expires < starts) {
      ctx.addIssue({ code: "custom", path: ["expires"], message: message("validation.expiryAfterStart") });
    }
  });

export type NoticeFormValues = z.infer<typeof noticeFormSchema>;
export const noticeFormFields = ["name", "text", "buttonText", "url", "starts", "expires"] as const;

export function noticeFormValues(notice: Notice | undefined): NoticeFormValues {
  return {
    name: notice?.name ?? "",
    text: notice?.text ?? "",
    buttonText: notice?.buttonText ?? "",
    url: notice?.url ?? "",
    starts: toLocalInput(notice?.starts),
    expires: toLocalInput(notice?.expires),
  };
}

/** What the API takes: empty texts and dates become null (no button, a draft, no end). */
export function noticePayload(values: NoticeFormValues): Required<CreateNotice> {
  return {
    name: values.name,
    text: values.text,
    buttonText: values.buttonText || null,
    url: values.url || null,
    starts: fromLocalInput(values.starts),
    expires: fromLocalInput(values.expires),
  };
}
