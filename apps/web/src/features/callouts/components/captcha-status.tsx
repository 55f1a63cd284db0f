import { useTranslation } from "react-i18next";
import { RotateCw, ShieldCheck } from "lucide-react";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import type { CaptchaStatus as Status } from "../hooks/use-captcha";

/** What the invisible spam check is doing; it needs nothing from the person unless it failed. */
export function CaptchaStatus({ status, onRetry }: { status: Status; onRetry: () => void }) {
  const { t } = useTranslation();
  if (status === "failed") {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-danger">
        {t("callouts.captcha.failed")}
        <Button variant="secondary" size="sm" icon={<RotateCw aria-hidden className="size-4" />} onClick={onRetry}>
          {t("common.retry")}
        </Button>
      </div>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-body/70">
      {status === "solving" ? (
        <Spinner className="size-4" />
      ) : (
        <ShieldCheck aria-hidden className="size-4 text-success" />
      )}
      {status === "solving" ? t("callouts.captcha.solving") : t("callouts.captcha.ready")}
    </p>
  );
}
