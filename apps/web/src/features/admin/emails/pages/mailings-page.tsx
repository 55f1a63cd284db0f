import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Plus, Send } from "lucide-react";
import { messageForError } from "../../../../api/error-messages";
import { mailingsQueryOptions } from "../../../../api/mailings";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { Alert } from "../../../../ui/alert";
import { linkClass } from "../../../../ui/class-names";
import { EmptyState } from "../../../../ui/empty-state";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { Skeleton } from "../../../../ui/skeleton";
import { Table, cellClass, headerCellClass } from "../../../../ui/table";
import { MailingStatusBadge } from "../components/mailing-status-badge";

/** The emails admins wrote to their contacts, newest first, and the way to write a new one. */
export function MailingsPage() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const mailings = useQuery(mailingsQueryOptions);

  const newEmail = (
    <Link to="/admin/emails/mailings/new" className={linkButtonClass()}>
      <Plus aria-hidden className="size-4" />
      {t("adminMailings.new")}
    </Link>
  );

  if (mailings.isPending) {
    return (
      <div role="status" className="space-y-3">
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (mailings.isError) return <Alert variant="error" title={t(messageForError(mailings.error))} />;

  return (
    <div className="space-y-4">
      <div className="flex justify-end">{newEmail}</div>
      <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        {mailings.data.items.length === 0 ? (
          <EmptyState
            icon={Send}
            title={t("adminMailings.list.emptyTitle")}
            description={t("adminMailings.list.emptyDescription")}
          />
        ) : (
          <Table caption={t("adminMailings.list.caption")}>
            <thead>
              <tr>
                <th scope="col" className={headerCellClass}>
                  {t("adminMailings.list.subject")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminMailings.list.status")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminMailings.list.sent")}
                </th>
                <th scope="col" className={headerCellClass}>
                  {t("adminMailings.list.when")}
                </th>
              </tr>
            </thead>
            <tbody>
              {mailings.data.items.map((mailing) => (
                <tr key={mailing.id} className="hover:bg-body/3">
                  <td className={cellClass}>
                    <Link to={`/admin/emails/mailings/${mailing.id}`} className={linkClass}>
                      {mailing.subject || t("adminEmails.detail.noSubject")}
                    </Link>
                  </td>
                  <td className={cellClass}>
                    <MailingStatusBadge status={mailing.status} />
                  </td>
                  <td className={cellClass}>{mailing.progress.sent}</td>
                  <td className={cellClass}>
                    {dateTime(mailing.finishedAt ?? mailing.scheduledAt ?? mailing.updatedAt)}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
    </div>
  );
}
