import { TriangleAlert } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useGeneralContent } from "../../api/content";

/**
 * While the built-in test payment provider is on (`TEST_PAYMENTS`), every
 * page says so: anyone could "pay" on its checkout page without money moving.
 */
export function TestPaymentsBanner() {
  const { t } = useTranslation();
  const { testPayments } = useGeneralContent();
  if (!testPayments) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-2 border-b-2 border-warning bg-warning/25 px-4 py-2 text-center text-sm font-semibold text-body"
    >
      <TriangleAlert aria-hidden className="size-4 shrink-0" />
      <span>{t("common.testPayments")}</span>
    </div>
  );
}
