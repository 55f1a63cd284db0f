import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Mail } from "lucide-react";
import { messageForError } from "../../../../api/error-messages";
import { contactMailingsQueryOptions } from "../../../../api/mailings";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { Alert } from "../../../../ui/alert";
import { linkClass } from "../../../../ui/class-names";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { Table, cellClass, headerCellClass } from "../../../../ui/table";
import { useRouteContact } from "../../shared/use-route-contact";

/** The emails admins wrote that this contact was among the recipients of, and what became of each. */
export function ContactEmailsPage() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const contact = useRouteContact();
  const mailings = useQuery(contactMailingsQueryOptions(contact.id));

  if (mailings.isPending) {
    return (
      <div role="status">
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="h-10 w-full" />
      </div>
    );
  }
  if (mailings.isError) return <Alert variant="error" title={t(messageForError(mailings.error))} />;
  if (mailings.data.items.length === 0) {
    return (
      <div className="rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
        <EmptyState icon={Mail} title={t("adminMailings.contact.noneTitle")} />
      </div>
    );
  }
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-black/5">
      <Table caption={t("adminMailings.contact.caption")}>
        <thead>
          <tr>
            <th scope="col" className={headerCellClass}>
              {t("adminMailings.list.subject")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("adminMailings.list.status")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("adminMailings.list.when")}
            </th>
          </tr>
        </thead>
        <tbody>
          {mailings.data.items.map((item) => (
            <tr key={item.mailingId}>
              <td className={cellClass}>
                <Link to={`/admin/emails/mailings/${item.mailingId}`} className={linkClass}>
                  {item.subject}
                </Link>
              </td>
              <td className={cellClass}>
                {t(`adminMailings.recipientStatus.${item.status}`)}
                {item.reason && <span className="block text-sm text-body/70">{item.reason}</span>}
              </td>
              <td className={cellClass}>{item.sentAt ? dateTime(item.sentAt) : "—"}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
