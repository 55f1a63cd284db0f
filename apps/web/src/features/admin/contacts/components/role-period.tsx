import { useTranslation } from "react-i18next";
import type { Role } from "@cohort/common/contacts";
import { useShortDate } from "../hooks/use-short-date";

/** "Since 3 Jan 2026" or "3 Jan 2026 to 2 Jan 2027". */
export function RolePeriod({ role }: { role: Role }) {
  const { t } = useTranslation();
  const shortDate = useShortDate();
  return (
    <p className="text-sm text-body/70">
      {role.dateExpires
        ? t("admin.contacts.roles.period", { start: shortDate(role.dateAdded), end: shortDate(role.dateExpires) })
        : t("admin.contacts.roles.since", { start: shortDate(role.dateAdded) })}
    </p>
  );
}
