import { TriangleAlert } from "lucide-react";
import { useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useGeneralContent } from "../../api/content";

/** The custom property that tells pages as tall as the window how much of it the banner takes. */
export const BANNER_HEIGHT_PROPERTY = "--page-banner-height";

/**
 * While the built-in test payment provider is on (`TEST_PAYMENTS`), every
 * page says so: anyone could "pay" on its checkout page without money moving.
 */
export function TestPaymentsBanner() {
  const { t } = useTranslation();
  const { testPayments } = useGeneralContent();
  const banner = useRef<HTMLDivElement>(null);

  // Its height changes with the window's width (the text wraps on a phone); pages follow it.
  useLayoutEffect(() => {
    const element = banner.current;
    if (!element) return undefined;
    const root = document.documentElement;
    const measure = () => root.style.setProperty(BANNER_HEIGHT_PROPERTY, `${element.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === "undefined" ? undefined : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BANNER_HEIGHT_PROPERTY);
    };
  }, [testPayments]);

  if (!testPayments) return null;
  return (
    <div
      ref={banner}
      role="status"
      className="flex items-center justify-center gap-2 border-b-2 border-warning bg-warning/25 px-4 py-2 text-center text-sm font-semibold text-body"
    >
      <TriangleAlert aria-hidden className="size-4 shrink-0" />
      <span>{t("common.testPayments")}</span>
    </div>
  );
}
