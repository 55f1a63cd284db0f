import { useTranslation } from "react-i18next";

export const MAIN_CONTENT_ID = "main-content";

/** Lets keyboard users jump past the navigation. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="focus-ring sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-primary shadow-lg focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      {t("common.skipToContent")}
    </a>
  );
}
