import { useTranslation } from "react-i18next";
import { FileText } from "lucide-react";
import { answerToText } from "@cohort/common/callout-form";
import { isAllowedUrl } from "@cohort/common/http";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { linkClass } from "../../../../ui/class-names";
import type { AnswerField } from "../../shared/answer-fields";

const imagePattern = /\.(avif|gif|jpe?g|png|webp)(\?|#|$)/i;
const calendarDayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * A bare day ("2026-11-18") as midnight of that day in the reader's time zone:
 * `new Date` would read it as UTC midnight, which is the day before west of
 * Greenwich.
 */
function calendarDay(answer: string): Date | null {
  const parts = calendarDayPattern.exec(answer);
  if (!parts) return null;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  return new Date(year, month - 1, day);
}

/** The urls of a file answer (one file or a list of them). */
function fileUrls(answer: unknown): string[] {
  const items: unknown[] = Array.isArray(answer) ? (answer as unknown[]) : [answer];
  return items.flatMap((item): string[] => {
    const url = typeof item === "object" && item !== null ? (item as { url?: unknown }).url : undefined;
    return typeof url === "string" ? [url] : [];
  });
}

/** The last part of a file's address, to name a link. */
function fileName(url: string): string {
  try {
    const path = new URL(url, window.location.origin).pathname;
    return decodeURIComponent(path.slice(path.lastIndexOf("/") + 1)) || url;
  } catch {
    return url;
  }
}

/**
 * One answer as text in a table cell (spec section 3); a ticked box reads Yes
 * or No, and a date is written the reader's way.
 */
export function useAnswerText() {
  const { t } = useTranslation();
  const format = useFormatters();
  const dateTime = useDateTime();
  return (field: AnswerField, answer: unknown): string => {
    if (field.component.type === "checkbox" && typeof answer === "boolean") {
      return answer ? t("adminResponses.answers.yes") : t("adminResponses.answers.no");
    }
    if (field.component.type === "datetime" && typeof answer === "string") {
      const day = calendarDay(answer);
      if (day) return format.shortDate(day);
      if (!Number.isNaN(Date.parse(answer))) return dateTime(answer);
    }
    return answerToText(field.component, answer);
  };
}

/** One answer in full: files as thumbnails or links, a place with a map link, everything else as text. */
export function AnswerValue({ field, answer }: { field: AnswerField; answer: unknown }) {
  const { t } = useTranslation();
  const text = useAnswerText()(field, answer);
  if (field.component.type === "file") {
    const urls = fileUrls(answer).filter((url) => isAllowedUrl(url, "link"));
    if (urls.length === 0) return <span className="text-body/70">{t("adminResponses.answers.none")}</span>;
    return (
      <ul className="flex flex-wrap gap-3">
        {urls.map((url) => (
          <li key={url}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer"
              className={`${linkClass} inline-flex flex-col gap-1`}
            >
              {imagePattern.test(url) && isAllowedUrl(url, "image") ? (
                <img
                  src={url}
                  alt={t("adminResponses.answers.fileAlt", { name: fileName(url) })}
                  className="size-28 rounded-lg object-cover ring-1 ring-black/10"
                  loading="lazy"
                />
              ) : (
                <span className="inline-flex items-center gap-1.5">
                  <FileText aria-hidden className="size-4" />
                  {fileName(url)}
                </span>
              )}
            </a>
          </li>
        ))}
      </ul>
    );
  }
  if (field.component.type === "url" && typeof answer === "string" && isAllowedUrl(answer, "link")) {
    return (
      <a href={answer} target="_blank" rel="noopener noreferrer" className={`${linkClass} break-all`}>
        {answer}
      </a>
    );
  }
  if (field.component.type === "signature" && typeof answer === "string" && answer.startsWith("data:image/")) {
    return (
      <img
        src={answer}
        alt={t("adminResponses.answers.signature")}
        className="h-24 rounded bg-white ring-1 ring-black/10"
      />
    );
  }
  if (!text) return <span className="text-body/70">{t("adminResponses.answers.none")}</span>;
  return <span className="break-words whitespace-pre-wrap">{text}</span>;
}
