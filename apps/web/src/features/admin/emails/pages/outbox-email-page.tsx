import type { ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";
import { ArrowLeft } from "lucide-react";
import { isClientError } from "../../../../api/client-error";
import { outboxEmailQueryOptions } from "../../../../api/emails";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { Skeleton } from "../../../../ui/skeleton";
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

/** One email of the outbox: who it went to, where it stands, and its text as sent. */
export function OutboxEmailPage() {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const email = useQuery(outboxEmailQueryOptions(id));
  const formatDate = useDateTime();
  const templateName = useTemplateName();

  const back = (
    <Link to="/admin/emails" className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}>
      <ArrowLeft aria-hidden className="size-4" />
      {t("adminEmails.detail.back")}
    </Link>
  );

  if (email.isPending) {
    return (
      <div className="space-y-6">
        {back}
        <div role="status" className="space-y-3">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-9 w-2/3" />
          <Skeleton className="h-40 w-full" />
        </div>
      </div>
    );
  }

  if (email.isError) {
    const isMissing = isClientError(email.error) && email.error.httpCode === 404;
    return (
      <div className="space-y-6">
        {back}
        <Alert variant="error" title={isMissing ? t("adminEmails.detail.notFound") : t(messageForError(email.error))} />
      </div>
    );
  }

  const data = email.data;
  const to = data.to.name ? `${data.to.name} <${data.to.email}>` : data.to.email;
  return (
    <div className="space-y-6">
      {back}
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight break-words">
          {data.subject || t("adminEmails.detail.noSubject")}
        </h1>
        <EmailStatusBadge status={data.status} />
      </header>
      <Card>
        <dl className="space-y-3">
          <Detail label={t("adminEmails.detail.to")}>{to}</Detail>
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
    </div>
  );
}
