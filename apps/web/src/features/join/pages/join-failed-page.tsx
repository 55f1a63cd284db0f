import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Alert } from "../../../ui/alert";
import { linkButtonClass } from "../../../ui/link-button-class";

export function JoinFailedPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("join.failed.title")}</h1>
      <Alert variant="error">{t("join.failed.description")}</Alert>
      <Link to="/join" className={linkButtonClass()}>
        {t("join.startAgain")}
      </Link>
    </div>
  );
}
