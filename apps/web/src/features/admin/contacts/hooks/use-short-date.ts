import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { defaultLocale, isLocale, localeTags } from "@cohort/common/i18n";

/** A compact date ("22 Nov 2026") for tables, in the active language. */
export function useShortDate(): (value: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(localeTags[isLocale(language) ? language : defaultLocale], {
      dateStyle: "medium",
    });
    return (value: string) => format.format(new Date(value));
  }, [language]);
}
