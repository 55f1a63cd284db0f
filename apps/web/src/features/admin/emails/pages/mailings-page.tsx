import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Plus, Send } from "lucide-react";
import { mailingsQueryOptions } from "../../../../api/mailings";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { linkClass } from "../../../../ui/class-names";
import { EmptyState } from "../../../../ui/empty-state";
import { linkButtonClass } from "../../../../ui/link-button-class";
import { Skeleton } from "../../../../ui/skeleton";
import { Table, cellClass, headerCellClass } from "../../../../ui/table";
import { ListScreen } from "../../shared/list-screen/list-screen";
import { MailingStatusBadge } from "../components/mailing-status-badge";

/** The emails admins wrote to their contacts, newest first, and the way to write a new one. */
export function MailingsPage() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const mailings = useQuery(mailingsQueryOptions);

  return (
    <div className="space-y-4">
      <ListScreen
        query={mailings}
        frame="page"
        toolbar={
          <div className="flex justify-end">
            <Link to="/admin/emails/mailings/new" className={linkButtonClass()}>
              <Plus aria-hidden className="size-4" />
              {t("adminMailings.new")}
            </Link>
          </div>
        }
        loading={
          <div className="space-y-3">
            <Skeleton className="h-10 w-full" />
          </div>
        }
        empty={{
          none: (
            <EmptyState
              icon={Send}
              title={t("adminMailings.list.emptyTitle")}
              description={t("adminMailings.list.emptyDescription")}
            />
          ),
        }}
      >
        {(items) => (
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
              {items.map((mailing) => (
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
      </ListScreen>
    </div>
  );
}
