import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { outboxEmailQueryOptions } from "../../../../api/emails";
import { Card } from "../../../../ui/card";
import { Skeleton } from "../../../../ui/skeleton";
import { DetailHeader, DetailPage } from "../../shared/detail-page";
import { EmailStatusBadge } from "../components/email-status-badge";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { useTemplateName } from "../hooks/use-template-name";

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-body/70">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** Whom an email went to, as a mail program writes it. */
const recipient = (to: { name: string; email: string }) => (to.name ? `${to.name} <${to.email}>` : to.email);

/** One email of the outbox: who it went to, where it stands, and its text as sent. */
export function OutboxEmailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const email = useQuery(outboxEmailQueryOptions(id));
  const formatDate = useDateTime();
  const templateName = useTemplateName();

  return (
    <DetailPage
      back={{ to: "/admin/emails", label: t("adminEmails.detail.back") }}
      query={email}
      loading={
        <>
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-40 w-full" />
        </>
      }
      notFound={t("adminEmails.detail.notFound")}
    >
      {(data) => (
        <>
          <DetailHeader title={data.subject || t("adminEmails.detail.noSubject")} spacing="space-y-2">
            <EmailStatusBadge status={data.status} />
          </DetailHeader>
          <Card>
            <dl className="space-y-3">
              <Detail label={t("adminEmails.detail.to")}>{recipient(data.to)}</Detail>
              <Detail label={t("adminEmails.detail.template")}>{templateName(data.templateId)}</Detail>
              <Detail label={t("adminEmails.detail.created")}>{formatDate(data.createdAt)}</Detail>
              <Detail label={t("adminEmails.detail.sentAt")}>
                {data.sentAt ? formatDate(data.sentAt) : t("adminEmails.detail.notSent")}
              </Detail>
              <Detail label={t("adminEmails.detail.attempts")}>{data.attempts}</Detail>
              {data.lastError && (
                <Detail label={t("adminEmails.detail.lastError")}>
                  <span className="text-danger">{data.lastError}</span>
                </Detail>
              )}
            </dl>
          </Card>
          <section aria-labelledby="email-text" className="space-y-2">
            <h2 id="email-text" className="text-lg font-bold">
              {t("adminEmails.detail.textBody")}
            </h2>
            <pre className="overflow-x-auto rounded-2xl bg-white p-5 font-sans text-base whitespace-pre-wrap shadow-sm ring-1 ring-black/5">
              {data.textBody}
            </pre>
          </section>
        </>
      )}
    </DetailPage>
  );
}
