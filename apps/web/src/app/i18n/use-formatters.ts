import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { defaultLocale, isLocale, localeTags } from "@cohort/common/i18n";
import { useGeneralContent } from "../../api/content";

export interface Formatters {
  currency: (amount: number) => string;
  number: (value: number) => string;
  /** "25 November 2026" */
  date: (value: string | Date) => string;
  /** "25 Nov 2026", for table cells and other narrow places. */
  shortDate: (value: string | Date) => string;
}

/** Number, money and date formats for the active locale and the organisation's currency. */
export function createFormatters(locale: string, currencyCode: string): Formatters {
  const tag = localeTags[isLocale(locale) ? locale : defaultLocale];
  const currencyFormat = new Intl.NumberFormat(tag, { style: "currency", currency: currencyCode });
  const numberFormat = new Intl.NumberFormat(tag);
  const dateFormat = new Intl.DateTimeFormat(tag, { dateStyle: "long" });
  const shortDateFormat = new Intl.DateTimeFormat(tag, { dateStyle: "medium" });
  const toDate = (value: string | Date) => (typeof value === "string" ? new Date(value) : value);
  return {
    currency: (amount) => currencyFormat.format(amount),
    number: (value) => numberFormat.format(value),
    date: (value) => dateFormat.format(toDate(value)),
    shortDate: (value) => shortDateFormat.format(toDate(value)),
  };
}

export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const { currencyCode } = useGeneralContent();
  return useMemo(() => createFormatters(i18n.language, currencyCode), [i18n.language, currencyCode]);
}
