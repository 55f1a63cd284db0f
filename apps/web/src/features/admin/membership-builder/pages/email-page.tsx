import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Pencil } from "lucide-react";
import type { EmailTemplateId } from "@cohort/common/emails";
import type { Locale } from "@cohort/common/i18n";
import { useGeneralContent } from "../../../../api/content";
import { emailTemplateQueryOptions } from "../../../../api/emails";
import { Badge } from "../../../../ui/badge";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { Skeleton } from "../../../../ui/skeleton";

/** The emails someone gets on the way to membership, in the order they may arrive. */
export const joinEmailTemplates = [
  "confirm-email",
  "welcome",
  "email-exists-login",
  "email-exists-set-password",
  "cancelled-contribution",
] as const satisfies readonly EmailTemplateId[];

/** Whether the template has the organisation's own wording; one query per row. */
function TemplateBadge({ id, locale }: { id: EmailTemplateId; locale: Locale }) {
  const { t } = useTranslation();
  const template = useQuery(emailTemplateQueryOptions(id, locale));
  if (template.isPending) return <Skeleton className="h-5 w-28" />;
  if (template.isError) return <Badge tone="danger">{t("adminMembership.email.unknown")}</Badge>;
  return template.data.isDefault ? (
    <Badge>{t("adminMembership.email.standard")}</Badge>
  ) : (
    <Badge tone="success">{t("adminMembership.email.custom")}</Badge>
  );
}

/** The email tab: the joining emails, each with whether it has the organisation's own wording, and a link to edit it. */
export function EmailPage() {
  const { t } = useTranslation();
  const { locale } = useGeneralContent();

  return (
    <div className="max-w-3xl space-y-4">
      <p className="text-body/75">{t("adminMembership.email.intro", { language: t(`locales.${locale}`) })}</p>
      <ul className="space-y-3">
        {joinEmailTemplates.map((id) => (
          <li key={id}>
            <Card className="flex flex-wrap items-start justify-between gap-4">
              <div className="min-w-0 flex-1 space-y-1">
                <h2 className="text-base font-bold">{t(`adminEmails.names.${id}`)}</h2>
                <p className="text-sm text-body/75">{t(`adminEmails.descriptions.${id}`)}</p>
                <div className="pt-1">
                  <TemplateBadge id={id} locale={locale} />
                </div>
              </div>
              <Link
                to={`/admin/emails/templates/${id}`}
                className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}
                aria-label={t("adminMembership.email.editLabel", { name: t(`adminEmails.names.${id}`) })}
              >
                <Pencil aria-hidden className="size-4" />
                {t("adminMembership.email.edit")}
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
