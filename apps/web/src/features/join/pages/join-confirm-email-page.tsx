import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Alert } from "../../../ui/alert";

/**
 * After joining: the confirmation link is on its way, or, for an address that
 * already has a membership, a link to log in; the page says both, and never
 * which one (decision 049).
 */
export function JoinConfirmEmailPage() {
  const { t } = useTranslation();
  const state: unknown = useLocation().state;
  const email =
    typeof state === "object" && state !== null && "email" in state && typeof state.email === "string"
      ? state.email
      : null;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("join.confirmEmail.title")}</h1>
      </header>
      <Alert variant="info">{email ? t("join.confirmEmail.sentTo", { email }) : t("join.confirmEmail.sent")}</Alert>
      <p className="text-body/75">{t("join.confirmEmail.help")}</p>
      <p className="text-body/75">{t("join.confirmEmail.member")}</p>
    </div>
  );
}
