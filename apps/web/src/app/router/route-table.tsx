import { redirect } from "react-router";
import { appConfig } from "../../config";
import { loginLoader, logoutAction } from "../../features/auth/route-handlers";
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
    // Lazy like the rest: its form library and zod stay out of the public pages' download.
    lazy: () => import("../../features/auth/pages/login-page").then((module) => ({ Component: module.LoginPage })),
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
    path: "callouts",
    meta: { name: "callouts", pageTitle: "pageTitles.callouts" },
    lazy: () =>
      import("../../features/callouts/pages/callouts-page").then((module) => ({ Component: module.CalloutsPage })),
  },
  {
    // Public callout pages; the frame is the app layout, which drops its header inside another site's page.
    path: "callouts/:id",
    meta: { name: "callout", layout: "app", noLogin: true },
    lazy: () =>
      import("../../features/callouts/pages/callout-page").then((module) => ({ Component: module.CalloutPage })),
    children: [
      {
        index: true,
        meta: { name: "calloutMain", embeddable: true, pageTitle: "pageTitles.callout" },
        lazy: () =>
          import("../../features/callouts/pages/callout-main-page").then((module) => ({
            Component: module.CalloutMainPage,
          })),
      },
      {
        path: "respond",
        meta: { name: "calloutRespond", embeddable: true, pageTitle: "pageTitles.calloutRespond" },
        lazy: () =>
          import("../../features/callouts/pages/callout-respond-page").then((module) => ({
            Component: module.CalloutRespondPage,
          })),
      },
      {
        path: "thanks",
        meta: { name: "calloutThanks", embeddable: true, pageTitle: "pageTitles.calloutThanks" },
        lazy: () =>
          import("../../features/callouts/pages/callout-thanks-page").then((module) => ({
            Component: module.CalloutThanksPage,
          })),
      },
    ],
  },
  {
    path: "admin/callouts",
    meta: { name: "adminCallouts", pageTitle: "pageTitles.adminCallouts" },
    lazy: () =>
      import("../../features/admin/callouts/pages/callouts-page").then((module) => ({
        Component: module.CalloutsPage,
      })),
  },
  {
    path: "admin/callouts/new",
    meta: {
      name: "adminCalloutNew",
      admin: true,
      layout: "flexible-dashboard",
      pageTitle: "pageTitles.adminCalloutNew",
    },
    lazy: () =>
      import("../../features/admin/callouts/pages/callout-editor-page").then((module) => ({
        Component: module.CalloutEditorPage,
      })),
  },
  {
    path: "admin/callouts/edit/:id",
    meta: {
      name: "adminCalloutEdit",
      admin: true,
      layout: "flexible-dashboard",
      pageTitle: "pageTitles.adminCalloutEdit",
    },
    lazy: () =>
      import("../../features/admin/callouts/pages/callout-editor-page").then((module) => ({
        Component: module.CalloutEditorPage,
      })),
  },
  {
    path: "admin/callouts/view/:id",
    meta: { name: "adminCallout", pageTitle: "pageTitles.adminCallout" },
    lazy: () =>
      import("../../features/admin/callouts/pages/callout-page").then((module) => ({
        Component: module.CalloutPage,
      })),
    children: [
      {
        index: true,
        meta: { name: "adminCalloutOverview", pageTitle: "pageTitles.adminCallout" },
        lazy: () =>
          import("../../features/admin/callouts/pages/callout-overview-page").then((module) => ({
            Component: module.CalloutOverviewPage,
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
