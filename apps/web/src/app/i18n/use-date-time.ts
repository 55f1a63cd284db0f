import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { defaultLocale, isLocale, localeTags } from "@cohort/common/i18n";

/** A moment as "22 Nov 2026, 18:00", in the active language and the browser's time zone. */
export function useDateTime(): (value: string) => string {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(localeTags[isLocale(language) ? language : defaultLocale], {
      dateStyle: "medium",
      timeStyle: "short",
    });
    return (value: string) => format.format(new Date(value));
  }, [language]);
}
