import { redirect } from "react-router";
import { appConfig } from "../../config";
import { loginLoader, logoutAction } from "../../features/auth/route-handlers";
import { LoginPage } from "../../features/auth/pages/login-page";
import { NotFoundPage } from "../../features/errors/pages/not-found-page";
import { homePath } from "./guard";
import type { RouteDef } from "./route-def";

/**
 * Every page of the app. Pages beyond the public entry points load their
 * code on demand, so a first visit to login or setup stays small.
 */
export const routeTable: RouteDef[] = [
  {
    index: true,
    meta: { name: "index", layout: "loading" },
    loader: (_args, { user }) => redirect(user ? homePath(user, appConfig.isReviewerMode) : "/auth/login"),
  },
  {
    path: "auth/login",
    meta: { name: "login", layout: "auth", noLogin: true, pageTitle: "pageTitles.login" },
    Component: LoginPage,
    loader: loginLoader,
  },
  {
    path: "auth/logout",
    meta: { name: "logout", layout: "loading", noLogin: true },
    loader: () => redirect("/"),
    action: logoutAction,
  },
  {
    path: "setup",
    meta: { name: "setup", layout: "auth", noLogin: true, pageTitle: "pageTitles.setup" },
    lazy: () => import("../../features/setup/pages/setup-page").then((module) => ({ Component: module.SetupPage })),
  },
  {
    path: "profile",
    meta: { name: "profile", pageTitle: "pageTitles.profile" },
    lazy: () =>
      import("../../features/profile/pages/profile-page").then((module) => ({ Component: module.ProfilePage })),
  },
  {
    path: "admin",
    meta: { name: "adminDashboard", admin: true, pageTitle: "pageTitles.adminDashboard" },
    lazy: () =>
      import("../../features/admin/dashboard/pages/admin-dashboard-page").then((module) => ({
        Component: module.AdminDashboardPage,
      })),
  },
  {
    path: "admin/contacts",
    meta: { name: "adminContacts", admin: true, pageTitle: "pageTitles.adminContacts" },
    lazy: () =>
      import("../../features/admin/contacts/pages/contacts-page").then((module) => ({
        Component: module.ContactsPage,
      })),
  },
  {
    path: "admin/contacts/add",
    meta: { name: "adminContactAdd", admin: true, pageTitle: "pageTitles.adminContactAdd" },
    lazy: () =>
      import("../../features/admin/contacts/pages/add-contact-page").then((module) => ({
        Component: module.AddContactPage,
      })),
  },
  {
    path: "admin/contacts/import",
    meta: { name: "adminContactImport", admin: true, pageTitle: "pageTitles.adminContactImport" },
    lazy: () =>
      import("../../features/admin/contacts/pages/import-contacts-page").then((module) => ({
        Component: module.ImportContactsPage,
      })),
  },
  {
    path: "admin/contacts/tags",
    meta: { name: "adminContactTags", admin: true, pageTitle: "pageTitles.adminContactTags" },
    lazy: () =>
      import("../../features/admin/contacts/pages/contact-tags-page").then((module) => ({
        Component: module.ContactTagsPage,
      })),
  },
  {
    path: "admin/contacts/:id",
    meta: { name: "adminContact", admin: true, pageTitle: "pageTitles.adminContact" },
    lazy: () =>
      import("../../features/admin/contacts/pages/contact-page").then((module) => ({
        Component: module.ContactPage,
      })),
    children: [
      {
        index: true,
        meta: { name: "adminContactOverview", pageTitle: "pageTitles.adminContact" },
        lazy: () =>
          import("../../features/admin/contacts/pages/contact-overview-page").then((module) => ({
            Component: module.ContactOverviewPage,
          })),
      },
      {
        path: "account",
        meta: { name: "adminContactAccount", pageTitle: "pageTitles.adminContactAccount" },
        lazy: () =>
          import("../../features/admin/contacts/pages/contact-account-page").then((module) => ({
            Component: module.ContactAccountPage,
          })),
      },
    ],
  },
  {
    path: "*",
    meta: { name: "notFound", layout: "auth", noLogin: true, embeddable: true, pageTitle: "pageTitles.notFound" },
    Component: NotFoundPage,
  },
];
