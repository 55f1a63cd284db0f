import { useTranslation } from "react-i18next";
import type { Role } from "@cohort/common/contacts";
import { Badge } from "../../../../ui/badge";

export type RoleState = "active" | "upcoming" | "expired";

export function roleState(role: Role, now: Date): RoleState {
  if (new Date(role.dateAdded) > now) return "upcoming";
  if (role.dateExpires && new Date(role.dateExpires) < now) return "expired";
  return "active";
}

const tones = { active: "success", upcoming: "link", expired: "neutral" } as const;

/** Whether a role counts now, starts later or has ended. */
export function RoleStatus({ role }: { role: Role }) {
  const { t } = useTranslation();
  const state = roleState(role, new Date());
  return <Badge tone={tones[state]}>{t(`admin.contacts.roles.state.${state}`)}</Badge>;
}
