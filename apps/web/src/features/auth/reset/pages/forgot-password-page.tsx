import { useTranslation } from "react-i18next";
import { requestPasswordReset } from "../../../../api/resets";
import { RequestLinkForm } from "../components/request-link-form";

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  return (
    <RequestLinkForm
      title={t("resets.forgot.title")}
      intro={t("resets.forgot.intro")}
      submitLabel={t("resets.forgot.submit")}
      send={requestPasswordReset}
    />
  );
}
