import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { defaultLocale, isLocale, localeTags } from "@cohort/common/i18n";
import { useFormatters } from "../../../../../app/i18n/use-formatters";
import type { Bar } from "./bar-chart";

/**
 * The formats of the Summary tab: the app's numbers, shares, amounts in an
 * answer's currency, and dates in UTC (a day alone at midnight). Formats take
 * the locale's BCP 47 tag: a locale such as `de@informal` is no tag.
 */
export function useValueFormat() {
  const { i18n } = useTranslation();
  const format = useFormatters();
  const language = i18n.language;
  return useMemo(() => {
    const tag = localeTags[isLocale(language) ? language : defaultLocale];
    const percent = new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 1 });
    const day = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeZone: "UTC" });
    const dateTime = new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
    return {
      format,
      percent: (share: number) => percent.format(share),
      bar: (bar: Bar) =>
        bar.share === undefined
          ? format.number(bar.count)
          : `${format.number(bar.count)} · ${percent.format(bar.share)}`,
      amount: (value: number, currency: string | undefined) =>
        currency
          ? new Intl.NumberFormat(tag, { style: "currency", currency, maximumFractionDigits: 2 }).format(value)
          : format.number(value),
      date: (value: string) => {
        const date = new Date(value);
        // A date without a time of day (midnight UTC) shows as the day only.
        return date.getUTCHours() === 0 && date.getUTCMinutes() === 0 ? day.format(date) : dateTime.format(date);
      },
    };
  }, [format, language]);
}

export type ValueFormat = ReturnType<typeof useValueFormat>;
