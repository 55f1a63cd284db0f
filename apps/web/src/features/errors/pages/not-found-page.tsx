import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import { linkClass } from "../../../ui/class-names";

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <p className="font-mono text-sm font-semibold tracking-widest text-link-text">404</p>
      <h1 className="text-2xl font-bold tracking-tight">{t("notFound.title")}</h1>
      <p className="text-body/75">{t("notFound.description")}</p>
      <Link to="/" className={`${linkClass} inline-flex items-center gap-1.5`}>
        <ArrowLeft aria-hidden className="size-4" />
        {t("common.backToHome")}
      </Link>
    </div>
  );
}
