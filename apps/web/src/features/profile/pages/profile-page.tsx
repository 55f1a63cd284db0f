import { useTranslation } from "react-i18next";
import { useGeneralContent } from "../../../api/content";
import { useSession } from "../../../api/session";
import { Card } from "../../../ui/card";
import { linkClass } from "../../../ui/class-names";
import { AccountSummary } from "../components/account-summary";
import { MemberNotices } from "../components/member-notices";

/** The member's home: a greeting and their account at a glance. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession();
  const { organisationName, supportEmail } = useGeneralContent();
  if (!user) return null;

  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">
          {t("profile.greeting", { name: user.firstname || user.email })}
        </h1>
        <p className="text-lg text-body/75">{t("profile.intro", { organisation: organisationName })}</p>
      </header>
      <MemberNotices contactId={user.id} />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <AccountSummary contact={user} />
        </div>
        <Card className="space-y-2">
          <h2 className="text-lg font-bold">{t("profile.help.title")}</h2>
          <p className="text-body/75">{t("profile.help.description")}</p>
          {supportEmail && (
            <a href={`mailto:${supportEmail}`} className={`${linkClass} inline-block break-all`}>
              {supportEmail}
            </a>
          )}
        </Card>
      </div>
    </div>
  );
}
