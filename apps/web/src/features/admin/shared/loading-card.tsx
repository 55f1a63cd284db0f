import { useTranslation } from "react-i18next";
import { Card } from "../../../ui/card";
import { Skeleton } from "../../../ui/skeleton";

/** What a tab shows while its settings load. */
export function LoadingCard() {
  const { t } = useTranslation();
  return (
    <Card>
      <div role="status" className="space-y-3">
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="h-6 w-48" />
        <Skeleton className="h-11 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    </Card>
  );
}
