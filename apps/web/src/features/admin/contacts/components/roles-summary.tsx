import { useTranslation } from "react-i18next";
import type { Role } from "@cohort/common/contacts";
import { Card } from "../../../../ui/card";
import { RolePeriod } from "./role-period";
import { RoleStatus } from "./role-status";

/** Every role the contact has held or will hold, with its dates. */
export function RolesSummary({ roles }: { roles: readonly Role[] }) {
  const { t } = useTranslation();
  return (
    <Card className="space-y-3">
      <h2 className="text-lg font-bold">{t("admin.contacts.roles.title")}</h2>
      {roles.length === 0 ? (
        <p className="text-body/70">{t("admin.contacts.roles.none")}</p>
      ) : (
        <ul className="divide-y divide-black/5">
          {roles.map((role) => (
            <li key={role.role} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-semibold">{t(`admin.contacts.roleNames.${role.role}`)}</p>
                <RolePeriod role={role} />
              </div>
              <RoleStatus role={role} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
