import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useGeneralContent } from "../../../api/content";
import { safeNextPath } from "../../../app/router/next-path";
import { appConfig } from "../../../config";
import { loginNoticeOf } from "../../../shared/auth/login-notice";
import { Alert } from "../../../ui/alert";
import { linkClass } from "../../../ui/class-names";
import { CredentialsForm } from "../components/credentials-form";
import { TokenForm } from "../components/token-form";
import { useLoginFlow } from "../hooks/use-login-flow";

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { organisationName } = useGeneralContent();
  const notice = loginNoticeOf(useLocation().state);
  const next = safeNextPath(searchParams.get("next")) ?? "/";
  const flow = useLoginFlow(() => void navigate(next, { replace: true }));

  if (flow.step === "token") {
    return (
      <div className="space-y-6">
        <header className="space-y-2">
          <h1 className="text-2xl font-bold tracking-tight">{t("auth.login.tokenTitle")}</h1>
        </header>
        <Alert variant="info">{t("errors.mfaRequired")}</Alert>
        <TokenForm error={flow.error} isPending={flow.isPending} onSubmit={flow.submitToken} onBack={flow.goBack} />
        <p className="text-center text-sm">
          <Link to="/auth/lost-device" className={linkClass}>
            {t("auth.login.lostDeviceLink")}
          </Link>
        </p>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-bold tracking-tight">{t("auth.login.title")}</h1>
        <p className="text-body/75">{t("auth.login.intro", { organisation: organisationName })}</p>
      </header>
      {notice === "joined" && <Alert variant="success">{t("auth.login.joined")}</Alert>}
      <CredentialsForm
        defaultEmail={flow.email}
        error={flow.error}
        isPending={flow.isPending}
        onSubmit={flow.submitCredentials}
      />
      <p className="text-center text-sm">
        <Link to="/auth/forgot-password" className={linkClass}>
          {t("auth.login.forgotPasswordLink")}
        </Link>
      </p>
      {/* Joining is switched off in reviewer mode, so the link would lead nowhere there. */}
      {!appConfig.isReviewerMode && (
        <p className="border-t border-body/10 pt-4 text-center text-sm">
          {t("auth.login.notAMember", { organisation: organisationName })}{" "}
          <Link to="/join" className={linkClass}>
            {t("auth.login.joinLink")}
          </Link>
        </p>
      )}
    </div>
  );
}
