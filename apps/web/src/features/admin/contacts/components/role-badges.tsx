import { useTranslation } from "react-i18next";
import type { RoleType } from "@cohort/common/contacts";
import type { BadgeTone } from "../../../../ui/badge";
import { Badge } from "../../../../ui/badge";

const tones: Record<RoleType, BadgeTone> = { member: "success", admin: "primary", superadmin: "warning" };

/** The roles a contact holds now; a superadmin is shown without the admin role it implies. */
export function RoleBadges({ roles }: { roles: readonly RoleType[] }) {
  const { t } = useTranslation();
  const shown = roles.includes("superadmin") ? roles.filter((role) => role !== "admin") : roles;
  if (shown.length === 0) return <span className="text-body/70">{t("admin.contacts.table.noRoles")}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {shown.map((role) => (
        <Badge key={role} tone={tones[role]}>
          {t(`admin.contacts.roleNames.${role}`)}
        </Badge>
      ))}
    </span>
  );
}
