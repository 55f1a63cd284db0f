import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { episodesQueryOptions } from "../../../api/recovery";
import { useFormatters } from "../../../app/i18n/use-formatters";
import { Card } from "../../../ui/card";
import { cellClass, headerCellClass, Table } from "../../../ui/table";

/** Staff: the contact's failed renewals, why each failed and what became of it. Nothing when there are none. */
export function ContactEpisodesCard({ contactId }: { contactId: string }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const episodes = useQuery(episodesQueryOptions(contactId));
  const items = episodes.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("recovery.staff.title")}</h2>
      <Table caption={t("recovery.staff.caption")}>
        <thead>
          <tr>
            <th scope="col" className={headerCellClass}>
              {t("recovery.staff.started")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("recovery.staff.reason")}
            </th>
            <th scope="col" className={`${headerCellClass} text-right`}>
              {t("recovery.staff.amount")}
            </th>
            <th scope="col" className={headerCellClass}>
              {t("recovery.staff.status")}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((episode) => (
            <tr key={episode.id}>
              <td className={`${cellClass} whitespace-nowrap`}>{format.shortDate(episode.startedAt)}</td>
              <td className={cellClass}>{t(`recovery.category.${episode.category}.title`)}</td>
              <td className={`${cellClass} text-right tabular-nums`}>{format.currency(episode.amount)}</td>
              <td className={cellClass}>
                {t(`recovery.episode.${episode.status}`)}
                <span className="block text-xs text-body/75">
                  {episode.endedAt
                    ? t("recovery.staff.endedOn", { date: format.shortDate(episode.endedAt) })
                    : t("recovery.staff.graceUntil", { date: format.shortDate(episode.graceUntil) })}
                  {" · "}
                  {t("recovery.staff.attempts", { count: episode.attempts })}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </Card>
  );
}
