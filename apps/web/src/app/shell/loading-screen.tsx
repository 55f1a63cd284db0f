import { useTranslation } from "react-i18next";
import { Spinner } from "../../ui/spinner";

/** Shown while the app loads what the first page needs. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="grid min-h-window place-items-center text-primary">
      <Spinner label={t("common.loading")} className="size-8" />
    </div>
  );
}
