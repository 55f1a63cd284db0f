import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Mail } from "lucide-react";
import { contactMailingsQueryOptions } from "../../../../api/mailings";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { linkClass } from "../../../../ui/class-names";
import { EmptyState } from "../../../../ui/empty-state";
import { Skeleton } from "../../../../ui/skeleton";
import { Table, cellClass, headerCellClass } from "../../../../ui/table";
import { ListScreen } from "../../shared/list-screen/list-screen";
import { useRouteContact } from "../../shared/use-route-contact";

/** The emails admins wrote that this contact was among the recipients of, and what became of each. */
export function ContactEmailsPage() {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const contact = useRouteContact();
  const mailings = useQuery(contactMailingsQueryOptions(contact.id));

  return (
    <ListScreen
      query={mailings}
      frame="page"
      loading={<Skeleton className="h-10 w-full" />}
      empty={{ none: <EmptyState icon={Mail} title={t("adminMailings.contact.noneTitle")} /> }}
    >
      {(items) => (
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
            {items.map((item) => (
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
      )}
    </ListScreen>
  );
}
