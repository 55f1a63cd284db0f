import type { LucideIcon } from "lucide-react";
import {
  ClipboardCheck,
  HandCoins,
  History,
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

/** Who sees a link: everyone in the list, admins only, or reviewers who are not admins. */
export type NavAudience = "everyone" | "admins" | "reviewers";

export type NavEntry =
  | { kind: "link"; to: string; labelKey: string; icon: LucideIcon; end?: boolean; audience?: NavAudience }
  | { kind: "logout"; labelKey: string; icon: LucideIcon };

/** Whether a person sees an entry: nobody is shown a page they may not open. */
export function isVisibleTo(entry: NavEntry, person: { isAdmin: boolean; isReviewer: boolean }): boolean {
  if (entry.kind === "logout") return true;
  switch (entry.audience ?? "everyone") {
    case "admins":
      return person.isAdmin;
    case "reviewers":
      return person.isReviewer && !person.isAdmin;
    default:
      return true;
  }
}

/**
 * The side navigation of the member and admin areas. New areas add their
 * pages here, and only pages that exist belong in these lists.
 */
export const memberNavigation: readonly NavEntry[] = [
  { kind: "link", to: "/profile", labelKey: "nav.home", icon: House, end: true },
  { kind: "link", to: "/profile/contribution", labelKey: "nav.contribution", icon: HandCoins },
  { kind: "link", to: "/profile/account", labelKey: "nav.account", icon: UserRoundCog },
  { kind: "link", to: "/callouts", labelKey: "callouts.nav", icon: Megaphone },
  { kind: "link", to: "/admin", labelKey: "nav.adminArea", icon: ShieldCheck, audience: "admins" },
  { kind: "link", to: "/admin/callouts", labelKey: "nav.review", icon: ClipboardCheck, audience: "reviewers" },
  { kind: "logout", labelKey: "nav.logout", icon: LogOut },
];

/** Reviewers who are not admins see only the callouts they review, their account and log out. */
export const adminNavigation: readonly NavEntry[] = [
  { kind: "link", to: "/admin", labelKey: "nav.dashboard", icon: LayoutDashboard, end: true, audience: "admins" },
  { kind: "link", to: "/admin/contacts", labelKey: "nav.contacts", icon: UsersRound, audience: "admins" },
  { kind: "link", to: "/admin/payments", labelKey: "adminPayments.nav", icon: Receipt, audience: "admins" },
  {
    kind: "link",
    to: "/admin/membership-builder",
    labelKey: "adminMembership.nav",
    icon: UserRoundPlus,
    audience: "admins",
  },
  { kind: "link", to: "/admin/callouts", labelKey: "adminCallouts.nav", icon: Megaphone },
  { kind: "link", to: "/admin/emails", labelKey: "adminEmails.nav", icon: Mail, audience: "admins" },
  { kind: "link", to: "/admin/notices", labelKey: "adminNotices.nav", icon: MessageSquareText, audience: "admins" },
  { kind: "link", to: "/admin/activity", labelKey: "adminActivity.nav", icon: History, audience: "admins" },
  { kind: "link", to: "/admin/settings", labelKey: "adminSettings.nav", icon: Settings, audience: "admins" },
  { kind: "link", to: "/profile", labelKey: "nav.myAccount", icon: UserRound },
  { kind: "logout", labelKey: "nav.logout", icon: LogOut },
];
