import { useTranslation } from "react-i18next";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Skeleton } from "../../../ui/skeleton";

interface JoinContentStatusProps {
  isError: boolean;
  onRetry: () => void;
}

/** What a join step shows while the organisation's settings load, or when they cannot be read. */
export function JoinContentStatus({ isError, onRetry }: JoinContentStatusProps) {
  const { t } = useTranslation();
  if (isError) {
    return (
      <div className="space-y-4">
        <Alert variant="error" title={t("join.settingsError.title")}>
          {t("join.settingsError.description")}
        </Alert>
        <Button variant="secondary" onClick={onRetry}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  return (
    <div className="space-y-6" aria-busy>
      <span className="sr-only" role="status">
        {t("common.loading")}
      </span>
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
      <Skeleton className="h-11 w-full" />
    </div>
  );
}
