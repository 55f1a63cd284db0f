import type { LucideIcon } from "lucide-react";
import {
  HandCoins,
  House,
  LayoutDashboard,
  LogOut,
  Mail,
  Megaphone,
  MessageSquareText,
  Receipt,
  Settings,
  ShieldCheck,
  UserRound,
  UserRoundCog,
  UserRoundPlus,
  UsersRound,
} from "lucide-react";

export type NavEntry =
  | { kind: "link"; to: string; labelKey: string; icon: LucideIcon; end?: boolean; adminOnly?: boolean }
  | { kind: "logout"; labelKey: string; icon: LucideIcon };

/**
 * The side navigation of the member and admin areas. New areas add their
 * pages here, and only pages that exist belong in these lists.
 */
export const memberNavigation: readonly NavEntry[] = [
  { kind: "link", to: "/profile", labelKey: "nav.home", icon: House, end: true },
  { kind: "link", to: "/profile/contribution", labelKey: "nav.contribution", icon: HandCoins },
  { kind: "link", to: "/profile/account", labelKey: "nav.account", icon: UserRoundCog },
  { kind: "link", to: "/callouts", labelKey: "callouts.nav", icon: Megaphone },
  { kind: "link", to: "/admin", labelKey: "nav.adminArea", icon: ShieldCheck, adminOnly: true },
  { kind: "logout", labelKey: "nav.logout", icon: LogOut },
];

export const adminNavigation: readonly NavEntry[] = [
  { kind: "link", to: "/admin", labelKey: "nav.dashboard", icon: LayoutDashboard, end: true },
  { kind: "link", to: "/admin/contacts", labelKey: "nav.contacts", icon: UsersRound },
  { kind: "link", to: "/admin/payments", labelKey: "adminPayments.nav", icon: Receipt },
  { kind: "link", to: "/admin/membership-builder", labelKey: "adminMembership.nav", icon: UserRoundPlus },
  { kind: "link", to: "/admin/callouts", labelKey: "adminCallouts.nav", icon: Megaphone },
  { kind: "link", to: "/admin/emails", labelKey: "adminEmails.nav", icon: Mail },
  { kind: "link", to: "/admin/notices", labelKey: "adminNotices.nav", icon: MessageSquareText },
  { kind: "link", to: "/admin/settings", labelKey: "adminSettings.nav", icon: Settings },
  { kind: "link", to: "/profile", labelKey: "nav.myAccount", icon: UserRound },
  { kind: "logout", labelKey: "nav.logout", icon: LogOut },
];
