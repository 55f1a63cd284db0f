import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ACTIVITY_HIDDEN_VALUE, type ActivityEntry, type ActivityValue } from "@cohort/common/activity";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { linkClass } from "../../../../ui/class-names";
import { Table, cellClass, headerCellClass } from "../../../../ui/table";

interface ActivityTableProps {
  entries: readonly ActivityEntry[];
  caption: string;
  isBusy?: boolean;
  /** Leave out the contact column (on a contact's own page). */
  hideContact?: boolean;
}

/** Staff actions: when, who, what and what changed. */
export function ActivityTable({ entries, caption, isBusy = false, hideContact = false }: ActivityTableProps) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  return (
    <Table caption={caption} isBusy={isBusy}>
      <thead>
        <tr>
          <th scope="col" className={headerCellClass}>
            {t("adminActivity.table.when")}
          </th>
          <th scope="col" className={headerCellClass}>
            {t("adminActivity.table.who")}
          </th>
          <th scope="col" className={headerCellClass}>
            {t("adminActivity.table.what")}
          </th>
          {!hideContact && (
            <th scope="col" className={headerCellClass}>
              {t("adminActivity.table.contact")}
            </th>
          )}
          <th scope="col" className={headerCellClass}>
            {t("adminActivity.table.changes")}
          </th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td className={`${cellClass} align-top whitespace-nowrap`}>{dateTime(entry.at)}</td>
            <td className={`${cellClass} align-top`}>
              <ActorCell entry={entry} />
            </td>
            <td className={`${cellClass} align-top`}>
              <span className="font-semibold">{t(`adminActivity.kinds.${entry.kind}`)}</span>
              {entry.target && <span className="block font-mono text-xs break-all text-body/75">{entry.target}</span>}
            </td>
            {!hideContact && (
              <td className={`${cellClass} align-top`}>
                {entry.contact ? (
                  <Link to={`/admin/contacts/${entry.contact.id}/activity`} className={linkClass}>
                    {entry.contact.name ?? t("adminActivity.table.deletedContact")}
                  </Link>
                ) : (
                  <span className="text-body/60">–</span>
                )}
              </td>
            )}
            <td className={`${cellClass} align-top`}>
              <ChangesCell entry={entry} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

function ActorCell({ entry }: { entry: ActivityEntry }) {
  const { t } = useTranslation();
  const { actor } = entry;
  if (!actor) return <span className="text-body/60">–</span>;
  if (actor.type === "api-key") {
    return (
      <Link to={`/admin/activity?key=${actor.id}`} className={linkClass}>
        {t("adminActivity.table.apiKey", { name: actor.name ?? actor.id })}
      </Link>
    );
  }
  return (
    <Link to={`/admin/activity?actor=${actor.id}`} className={linkClass}>
      {actor.name ?? t("adminActivity.table.deletedPerson")}
    </Link>
  );
}

function ChangesCell({ entry }: { entry: ActivityEntry }) {
  const { t, i18n } = useTranslation();
  const format = useFormatters();
  const changes = Object.entries(entry.changes);
  const shown = (value: ActivityValue) => {
    if (value === null || value === "") return t("adminActivity.changes.empty");
    if (value === ACTIVITY_HIDDEN_VALUE) return t("adminActivity.changes.hidden");
    if (Array.isArray(value)) return value.join(", ");
    if (typeof value === "boolean") return value ? t("adminActivity.changes.yes") : t("adminActivity.changes.no");
    return String(value);
  };
  return (
    <div className="space-y-1 text-sm">
      {entry.count !== null && <p>{t("adminActivity.changes.count", { n: format.number(entry.count) })}</p>}
      {changes.length > 0 && (
        <dl className="space-y-0.5">
          {changes.map(([field, change]) => (
            <div key={field} className="flex flex-wrap gap-x-1.5">
              {i18n.exists(`adminActivity.fields.${field}`) ? (
                <dt className="text-xs leading-5 font-semibold text-body/75">{t(`adminActivity.fields.${field}`)}</dt>
              ) : (
                // A field without a name in the app (a newer server's) shows as the server names it.
                <dt className="font-mono text-xs leading-5 text-body/75">{field}</dt>
              )}
              <dd className="min-w-0 break-words">
                {change.before === null || change.before === change.after ? (
                  shown(change.after)
                ) : (
                  <>
                    <span className="text-body/70">{shown(change.before)}</span>
                    <span aria-hidden> → </span>
                    <span className="sr-only"> {t("adminActivity.changes.becomes")} </span>
                    {shown(change.after)}
                  </>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      {entry.count === null && changes.length === 0 && <span className="text-body/60">–</span>}
    </div>
  );
}
