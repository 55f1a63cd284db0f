import { useTranslation } from "react-i18next";
import type { GeneralContent } from "@cohort/common/content";
import { isAllowedUrl } from "@cohort/common/http";
import { useGeneralContent } from "../../../api/content";
import { useSession } from "../../../api/session";
import { Card } from "../../../ui/card";
import { linkClass } from "../../../ui/class-names";
import { AccountSummary } from "../components/account-summary";
import { MemberNotices } from "../components/member-notices";
import { OpenCalloutsCard } from "../components/open-callouts-card";

interface HelpLink {
  href: string;
  text: string;
}

/**
 * Where a member can turn for help: the support address, else the
 * organisation's website. Null when neither is set, as the help card would
 * then point nowhere.
 */
function helpLink({ supportEmail, siteUrl }: GeneralContent): HelpLink | null {
  if (supportEmail) return { href: `mailto:${supportEmail}`, text: supportEmail };
  // An absolute http(s) address, so it has a host to name the link by.
  if (siteUrl && isAllowedUrl(siteUrl, "http")) return { href: siteUrl, text: new URL(siteUrl).host };
  return null;
}

/** The member's home: a greeting, their account at a glance and the callouts they may answer. */
export function ProfilePage() {
  const { t } = useTranslation();
  const user = useSession();
  const content = useGeneralContent();
  const help = helpLink(content);
  if (!user) return null;

  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">
          {t("profile.greeting", { name: user.firstname || user.email })}
        </h1>
        <p className="text-lg text-body/75">{t("profile.intro", { organisation: content.organisationName })}</p>
      </header>
      <MemberNotices contactId={user.id} />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <AccountSummary contact={user} />
          <OpenCalloutsCard />
        </div>
        {help && (
          <Card className="space-y-2">
            <h2 className="text-lg font-bold">{t("profile.help.title")}</h2>
            <p className="text-body/75">{t("profile.help.description")}</p>
            <a href={help.href} className={`${linkClass} inline-block break-all`}>
              {help.text}
            </a>
          </Card>
        )}
      </div>
    </div>
  );
}
