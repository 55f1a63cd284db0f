import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { accountQueryOptions } from "../../../../api/account";
import { useJoinSetupContent } from "../../../../api/join-content";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Skeleton } from "../../../../ui/skeleton";
import { DataExportCard } from "../components/data-export-card";
import { DetailsCard } from "../components/details-card";
import { EmailCard } from "../components/email-card";
import { LanguageCard } from "../components/language-card";
import { PasswordCard } from "../components/password-card";
import { SessionsCard } from "../components/sessions-card";
import { TwoFactorCard } from "../components/two-factor-card";
import { useOwnTwoFactor } from "../../../../shared/identity/identity-proof";

/** The member's own details, sign-in settings and data. */
export function AccountPage() {
  const { t } = useTranslation();
  const contact = useQuery(accountQueryOptions);
  const setup = useJoinSetupContent();
  const hasTwoFactor = useOwnTwoFactor();

  const isError = contact.isError || setup.isError;
  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("account.title")}</h1>
        <p className="text-lg text-body/75">{t("account.intro")}</p>
      </header>
      {isError ? (
        <Alert variant="error">
          <div className="flex flex-wrap items-center justify-between gap-3">
            {t("errors.generic")}
            <Button
              variant="secondary"
              onClick={() => {
                void contact.refetch();
                void setup.refetch();
              }}
            >
              {t("account.retry")}
            </Button>
          </div>
        </Alert>
      ) : !contact.data || !setup.data ? (
        <div className="space-y-6" aria-busy>
          <Skeleton className="h-64" />
          <Skeleton className="h-40" />
        </div>
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          <div className="space-y-6">
            <DetailsCard key={contact.data.id} contact={contact.data} content={setup.data} />
            <EmailCard currentEmail={contact.data.email} hasTwoFactor={hasTwoFactor} />
            <LanguageCard key={`language-${contact.data.id}`} contact={contact.data} />
          </div>
          <div className="space-y-6">
            <PasswordCard hasTwoFactor={hasTwoFactor} />
            <TwoFactorCard email={contact.data.email} />
            <SessionsCard />
            <DataExportCard />
          </div>
        </div>
      )}
    </div>
  );
}
