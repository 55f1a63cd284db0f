import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { OutboxEmail } from "@cohort/common/emails";
import { linkClass } from "../../../../ui/class-names";
import { Table, cellClass, headerCellClass } from "../../../../ui/table";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { useTemplateName } from "../hooks/use-template-name";
import { EmailStatusBadge } from "./email-status-badge";

interface OutboxTableProps {
  emails: readonly OutboxEmail[];
  isBusy?: boolean;
}

/** The outbox, newest first: recipient, subject (links to the email), template, when, and where it stands. */
export function OutboxTable({ emails, isBusy = false }: OutboxTableProps) {
  const { t } = useTranslation();
  const formatDate = useDateTime();
  const templateName = useTemplateName();
  const headers = ["to", "subject", "template", "created", "status"] as const;
  return (
    <Table caption={t("adminEmails.outbox.caption")} isBusy={isBusy}>
      <thead>
        <tr>
          {headers.map((header) => (
            <th key={header} scope="col" className={headerCellClass}>
              {t(`adminEmails.outbox.${header}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {emails.map((email) => (
          <tr key={email.id} className="hover:bg-body/3">
            <td className={cellClass}>
              <span className="block font-semibold break-all">{email.to.email}</span>
              {email.to.name && <span className="block text-body/70">{email.to.name}</span>}
            </td>
            <td className={`${cellClass} min-w-48`}>
              <Link to={`/admin/emails/outbox/${email.id}`} className={linkClass}>
                {email.subject || t("adminEmails.detail.noSubject")}
              </Link>
            </td>
            <td className={`${cellClass} text-body/80`}>{templateName(email.templateId)}</td>
            <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{formatDate(email.createdAt)}</td>
            <td className={cellClass}>
              <div className="flex flex-col items-start gap-1">
                <EmailStatusBadge status={email.status} />
                {email.sentAt && (
                  <span className="text-xs whitespace-nowrap text-body/70 tabular-nums">
                    {formatDate(email.sentAt)}
                  </span>
                )}
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
