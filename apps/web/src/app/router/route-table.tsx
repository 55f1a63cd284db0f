import { redirect } from "react-router";
import { appConfig } from "../../config";
import { loginLoader, logoutAction } from "../../features/auth/route-handlers";
import { calloutLoader } from "../../features/callouts/route-handlers";
import { NotFoundPage } from "../../features/errors/pages/not-found-page";
import { homePath } from "./guard";
import type { RouteDef } from "./route-def";

/** The page of routes whose loader always sends the visitor on; without one the router warns. */
function Nothing() {
  return null;
}

/**
 * Every page of the app. Pages beyond the public entry points load their
 * code on demand, so a first visit to login or setup stays small.
 */
export const routeTable: RouteDef[] = [
  {
    index: true,
    meta: { name: "index", layout: "loading" },
    loader: (_args, { user }) => redirect(user ? homePath(user, appConfig.isReviewerMode) : "/auth/login"),
    Component: Nothing,
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
    Component: Nothing,
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
    path: "profile/account",
    meta: { name: "profileAccount", pageTitle: "pageTitles.profileAccount" },
    lazy: () =>
      import("../../features/profile/account/pages/account-page").then((module) => ({
        Component: module.AccountPage,
      })),
  },
  {
    path: "profile/contribution",
    meta: { name: "profileContribution", pageTitle: "pageTitles.profileContribution" },
    lazy: () =>
      import("../../features/profile/contribution/pages/contribution-page").then((module) => ({
        Component: module.ContributionPage,
      })),
  },
  {
    path: "profile/contribution/complete",
    meta: { name: "contributionComplete", layout: "loading" },
    lazy: () =>
      import("../../features/profile/contribution/pages/flow-complete-pages").then((module) => ({
        Component: module.ContributionCompletePage,
      })),
  },
  {
    path: "profile/contribution/payment-method/complete",
    meta: { name: "paymentMethodComplete", layout: "loading" },
    lazy: () =>
      import("../../features/profile/contribution/pages/flow-complete-pages").then((module) => ({
        Component: module.PaymentMethodCompletePage,
      })),
  },
  {
    path: "profile/contribution/cancel",
    meta: { name: "contributionCancel", pageTitle: "pageTitles.contributionCancel" },
    lazy: () =>
      import("../../features/profile/contribution/pages/cancel-contribution-page").then((module) => ({
        Component: module.CancelContributionPage,
      })),
  },
  {
    path: "join",
    meta: {
      name: "join",
      layout: "auth",
      noLogin: true,
      embeddable: true,
      noReviewerMode: true,
      pageTitle: "pageTitles.join",
    },
    lazy: () =>
      import("../../features/join/pages/join-page").then((module) => ({
        Component: module.JoinPage,
      })),
  },
  {
    path: "join/failed",
    meta: { name: "joinFailed", layout: "auth", noLogin: true, embeddable: true, pageTitle: "pageTitles.joinFailed" },
    lazy: () =>
      import("../../features/join/pages/join-failed-page").then((module) => ({
        Component: module.JoinFailedPage,
      })),
  },
  {
    path: "join/complete",
    meta: { name: "joinComplete", layout: "loading", noLogin: true, embeddable: true },
    lazy: () =>
      import("../../features/join/pages/join-complete-page").then((module) => ({
        Component: module.JoinCompletePage,
      })),
  },
  {
    path: "donate",
    meta: {
      name: "donate",
      layout: "auth",
      noLogin: true,
      embeddable: true,
      noReviewerMode: true,
      pageTitle: "pageTitles.gift",
    },
    lazy: () =>
      import("../../features/join/pages/donate-page").then((module) => ({
        Component: module.DonatePage,
      })),
  },
  {
    path: "donate/complete",
    meta: {
      name: "donateComplete",
      layout: "auth",
      noLogin: true,
      embeddable: true,
      noReviewerMode: true,
      pageTitle: "pageTitles.giftThanks",
    },
    lazy: () =>
      import("../../features/join/pages/donate-complete-page").then((module) => ({
        Component: module.DonateCompletePage,
      })),
  },
  {
    path: "join/confirm-email",
    meta: {
      name: "joinConfirmEmail",
      layout: "auth",
      noLogin: true,
      embeddable: true,
      pageTitle: "pageTitles.joinConfirmEmail",
    },
    lazy: () =>
      import("../../features/join/pages/join-confirm-email-page").then((module) => ({
        Component: module.JoinConfirmEmailPage,
      })),
  },
  {
    path: "join/confirm-email/:id",
    meta: { name: "joinConfirmEmailId", layout: "loading", noLogin: true, pageTitle: "pageTitles.joinConfirmEmail" },
    lazy: () =>
      import("../../features/join/pages/join-confirm-email-id-page").then((module) => ({
        Component: module.JoinConfirmEmailIdPage,
      })),
  },
  {
    path: "join/setup",
    meta: { name: "joinSetup", layout: "auth", pageTitle: "pageTitles.joinSetup" },
    lazy: () =>
      import("../../features/join/pages/join-setup-page").then((module) => ({
        Component: module.JoinSetupPage,
      })),
  },
  {
    path: "join/survey",
    meta: { name: "joinSurvey", layout: "auth", pageTitle: "join.survey.pageTitle" },
    lazy: () =>
      import("../../features/join/pages/join-survey-page").then((module) => ({
        Component: module.JoinSurveyPage,
      })),
  },
  {
    path: "auth/forgot-password",
    meta: { name: "forgotPassword", layout: "auth", noLogin: true, pageTitle: "pageTitles.forgotPassword" },
    lazy: () =>
      import("../../features/auth/reset/pages/forgot-password-page").then((module) => ({
        Component: module.ForgotPasswordPage,
      })),
  },
  {
    path: "payment/update/:id",
    meta: { name: "paymentUpdate", layout: "auth", noLogin: true, pageTitle: "pageTitles.paymentUpdate" },
    lazy: () =>
      import("../../features/recovery/pages/payment-update-page").then((module) => ({
        Component: module.PaymentUpdatePage,
      })),
  },
  {
    path: "payment/update/:id/complete",
    meta: { name: "paymentUpdateComplete", layout: "auth", noLogin: true, pageTitle: "pageTitles.paymentUpdate" },
    lazy: () =>
      import("../../features/recovery/pages/payment-update-complete-page").then((module) => ({
        Component: module.PaymentUpdateCompletePage,
      })),
  },
  {
    path: "auth/reset-password/:id",
    meta: { name: "resetPassword", layout: "auth", noLogin: true, pageTitle: "pageTitles.resetPassword" },
    lazy: () =>
      import("../../features/auth/reset/pages/reset-password-page").then((module) => ({
        Component: module.ResetPasswordPage,
      })),
  },
  {
    path: "auth/set-password/:id",
    meta: { name: "setPassword", layout: "auth", noLogin: true, pageTitle: "pageTitles.setPassword" },
    lazy: () =>
      import("../../features/auth/reset/pages/reset-password-page").then((module) => ({
        Component: module.SetPasswordPage,
      })),
  },
  {
    path: "auth/email-change/:id",
    meta: { name: "emailChange", layout: "auth", noLogin: true, pageTitle: "pageTitles.emailChange" },
    lazy: () =>
      import("../../features/auth/reset/pages/email-change-page").then((module) => ({
        Component: module.EmailChangePage,
      })),
  },
  {
    path: "auth/lost-device",
    meta: { name: "lostDevice", layout: "auth", noLogin: true, pageTitle: "pageTitles.lostDevice" },
    lazy: () =>
      import("../../features/auth/reset/pages/lost-device-page").then((module) => ({
        Component: module.LostDevicePage,
      })),
  },
  {
    path: "auth/reset-device/:id",
    meta: { name: "resetDevice", layout: "auth", noLogin: true, pageTitle: "pageTitles.resetDevice" },
    lazy: () =>
      import("../../features/auth/reset/pages/reset-device-page").then((module) => ({
        Component: module.ResetDevicePage,
      })),
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
      {
        path: "callouts",
        meta: { name: "adminContactCallouts", pageTitle: "adminResponses.pageTitles.contactCallouts" },
        lazy: () =>
          import("../../features/admin/contacts/pages/contact-callouts-page").then((module) => ({
            Component: module.ContactCalloutsPage,
          })),
      },
      {
        path: "emails",
        meta: { name: "adminContactEmails", pageTitle: "adminMailings.pageTitles.contact" },
        lazy: () =>
          import("../../features/admin/contacts/pages/contact-emails-page").then((module) => ({
            Component: module.ContactEmailsPage,
          })),
      },
      {
        path: "contribution",
        meta: { name: "adminContactContribution", pageTitle: "pageTitles.adminContactContribution" },
        lazy: () =>
          import("../../features/admin/contacts/contact-contribution/contact-contribution-page").then((module) => ({
            Component: module.ContactContributionPage,
          })),
      },
      {
        path: "activity",
        meta: { name: "adminContactActivity", pageTitle: "adminActivity.contact.pageTitle" },
        lazy: () =>
          import("../../features/admin/activity/pages/contact-activity-page").then((module) => ({
            Component: module.ContactActivityPage,
          })),
      },
    ],
  },
  {
    path: "admin/payments",
    meta: { name: "adminPayments", admin: true, pageTitle: "pageTitles.adminPayments" },
    lazy: () =>
      import("../../features/admin/payments/pages/payments-page").then((module) => ({
        Component: module.PaymentsPage,
      })),
  },
  {
    path: "admin/activity",
    meta: { name: "adminActivity", admin: true, pageTitle: "adminActivity.pageTitle" },
    lazy: () =>
      import("../../features/admin/activity/pages/activity-page").then((module) => ({
        Component: module.ActivityPage,
      })),
  },
  {
    path: "admin/ui-toolkit",
    meta: { name: "adminUiToolkit", admin: true, pageTitle: "adminUiToolkit.pageTitle" },
    lazy: () =>
      import("../../features/admin/ui-toolkit/ui-toolkit-page").then((module) => ({
        Component: module.UiToolkitPage,
      })),
  },
  {
    path: "admin/membership-builder",
    meta: { name: "adminMembershipBuilder", admin: true, pageTitle: "adminMembership.pageTitles.joinForm" },
    lazy: () =>
      import("../../features/admin/membership-builder/pages/membership-builder-page").then((module) => ({
        Component: module.MembershipBuilderPage,
      })),
    children: [
      {
        index: true,
        meta: { name: "adminMembershipJoinForm", pageTitle: "adminMembership.pageTitles.joinForm" },
        lazy: () =>
          import("../../features/admin/membership-builder/pages/join-form-page").then((module) => ({
            Component: module.JoinFormPage,
          })),
      },
      {
        path: "intro",
        meta: { name: "adminMembershipIntro", pageTitle: "adminMembership.pageTitles.intro" },
        lazy: () =>
          import("../../features/admin/membership-builder/pages/intro-page").then((module) => ({
            Component: module.IntroPage,
          })),
      },
      {
        path: "email",
        meta: { name: "adminMembershipEmail", pageTitle: "adminMembership.pageTitles.email" },
        lazy: () =>
          import("../../features/admin/membership-builder/pages/email-page").then((module) => ({
            Component: module.EmailPage,
          })),
      },
      {
        path: "confirmation",
        meta: { name: "adminMembershipConfirmation", pageTitle: "adminMembership.pageTitles.confirmation" },
        lazy: () =>
          import("../../features/admin/membership-builder/pages/confirmation-page").then((module) => ({
            Component: module.ConfirmationPage,
          })),
      },
      {
        path: "gifts",
        meta: { name: "adminMembershipGifts", pageTitle: "adminMembership.pageTitles.gifts" },
        lazy: () =>
          import("../../features/admin/membership-builder/pages/gifts-page").then((module) => ({
            Component: module.GiftsPage,
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
        loader: calloutLoader,
        lazy: () =>
          import("../../features/callouts/pages/callout-main-page").then((module) => ({
            Component: module.CalloutMainPage,
          })),
      },
      {
        path: "respond",
        meta: { name: "calloutRespond", embeddable: true, pageTitle: "pageTitles.calloutRespond" },
        loader: calloutLoader,
        lazy: () =>
          import("../../features/callouts/pages/callout-respond-page").then((module) => ({
            Component: module.CalloutRespondPage,
          })),
      },
      {
        path: "thanks",
        meta: { name: "calloutThanks", embeddable: true, pageTitle: "pageTitles.calloutThanks" },
        loader: calloutLoader,
        lazy: () =>
          import("../../features/callouts/pages/callout-thanks-page").then((module) => ({
            Component: module.CalloutThanksPage,
          })),
      },
    ],
  },
  {
    // The public map of a callout's responses: the whole window, its own header (none inside a frame).
    path: "callouts/:id/map",
    meta: {
      name: "calloutMap",
      layout: "fullscreen",
      noLogin: true,
      embeddable: true,
      pageTitle: "pageTitles.calloutMap",
    },
    lazy: () =>
      import("../../features/callouts/map/callout-map-page").then((module) => ({ Component: module.CalloutMapPage })),
  },
  {
    // The photos of a callout's public responses: the whole window, its own header (none inside a frame).
    path: "callouts/:id/gallery",
    meta: {
      name: "calloutGallery",
      layout: "fullscreen",
      noLogin: true,
      embeddable: true,
      pageTitle: "pageTitles.calloutGallery",
    },
    lazy: () =>
      import("../../features/callouts/views/gallery-page").then((module) => ({ Component: module.GalleryPage })),
  },
  {
    // The link a guest gets by email (GUEST_RESPONSE_CONFIRM_PATH in common) links their response to their address.
    path: "confirm-response/:id",
    meta: { name: "confirmResponse", layout: "auth", noLogin: true, pageTitle: "pageTitles.confirmResponse" },
    lazy: () =>
      import("../../features/callouts/pages/confirm-response-page").then((module) => ({
        Component: module.ConfirmResponsePage,
      })),
  },
  {
    path: "admin/callouts",
    meta: { name: "adminCallouts", staff: true, pageTitle: "pageTitles.adminCallouts" },
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
    meta: { name: "adminCallout", staff: true, pageTitle: "pageTitles.adminCallout" },
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
      {
        // Reviewers work through the responses of the callouts they review, so these are not admin-only.
        path: "responses",
        meta: { name: "adminCalloutResponses", pageTitle: "adminResponses.pageTitles.responses" },
        lazy: () =>
          import("../../features/admin/callouts/pages/responses-page").then((module) => ({
            Component: module.ResponsesPage,
          })),
      },
      {
        path: "responses/tags",
        meta: { name: "adminCalloutResponseTags", pageTitle: "adminResponses.pageTitles.tags" },
        lazy: () =>
          import("../../features/admin/callouts/pages/response-tags-page").then((module) => ({
            Component: module.ResponseTagsPage,
          })),
      },
      {
        path: "responses/import",
        meta: { name: "adminCalloutResponseImport", admin: true, pageTitle: "adminResponses.pageTitles.import" },
        lazy: () =>
          import("../../features/admin/callouts/pages/import-answers-page").then((module) => ({
            Component: module.ImportAnswersPage,
          })),
      },
      {
        path: "responses/:rid",
        meta: { name: "adminCalloutResponse", pageTitle: "adminResponses.pageTitles.response" },
        lazy: () =>
          import("../../features/admin/callouts/pages/response-page").then((module) => ({
            Component: module.ResponsePage,
          })),
      },
    ],
  },
  {
    path: "admin/emails",
    meta: { name: "adminEmails", admin: true, pageTitle: "adminEmails.pageTitles.outbox" },
    lazy: () =>
      import("../../features/admin/emails/pages/emails-page").then((module) => ({ Component: module.EmailsPage })),
    children: [
      {
        index: true,
        meta: { name: "adminEmailOutbox", pageTitle: "adminEmails.pageTitles.outbox" },
        lazy: () =>
          import("../../features/admin/emails/pages/outbox-page").then((module) => ({ Component: module.OutboxPage })),
      },
      {
        path: "mailings",
        meta: { name: "adminMailings", pageTitle: "adminMailings.pageTitles.list" },
        lazy: () =>
          import("../../features/admin/emails/pages/mailings-page").then((module) => ({
            Component: module.MailingsPage,
          })),
      },
      {
        path: "templates",
        meta: { name: "adminEmailTemplates", pageTitle: "adminEmails.pageTitles.templates" },
        lazy: () =>
          import("../../features/admin/emails/pages/email-templates-page").then((module) => ({
            Component: module.EmailTemplatesPage,
          })),
      },
    ],
  },
  {
    path: "admin/emails/outbox/:id",
    meta: { name: "adminEmailOutboxEmail", admin: true, pageTitle: "adminEmails.pageTitles.outboxEmail" },
    lazy: () =>
      import("../../features/admin/emails/pages/outbox-email-page").then((module) => ({
        Component: module.OutboxEmailPage,
      })),
  },
  {
    path: "admin/emails/mailings/:id",
    meta: { name: "adminMailing", admin: true, pageTitle: "adminMailings.pageTitles.mailing" },
    lazy: () =>
      import("../../features/admin/emails/pages/mailing-page").then((module) => ({
        Component: module.MailingPage,
      })),
  },
  {
    path: "unsubscribe/:token",
    meta: {
      name: "unsubscribe",
      layout: "auth",
      noLogin: true,
      noReviewerMode: true,
      pageTitle: "pageTitles.unsubscribe",
    },
    lazy: () =>
      import("../../features/unsubscribe/unsubscribe-page").then((module) => ({
        Component: module.UnsubscribePage,
      })),
  },
  {
    path: "admin/emails/templates/:id",
    meta: { name: "adminEmailTemplate", admin: true, pageTitle: "adminEmails.pageTitles.template" },
    lazy: () =>
      import("../../features/admin/emails/pages/email-template-page").then((module) => ({
        Component: module.EmailTemplatePage,
      })),
  },
  {
    path: "admin/notices",
    meta: { name: "adminNotices", admin: true, pageTitle: "adminNotices.pageTitles.list" },
    lazy: () =>
      import("../../features/admin/notices/pages/notices-page").then((module) => ({ Component: module.NoticesPage })),
  },
  {
    path: "admin/notices/add",
    meta: { name: "adminNoticeAdd", admin: true, pageTitle: "adminNotices.pageTitles.add" },
    lazy: () =>
      import("../../features/admin/notices/pages/notice-editor-page").then((module) => ({
        Component: module.NoticeEditorPage,
      })),
  },
  {
    path: "admin/notices/edit/:id",
    meta: { name: "adminNoticeEdit", admin: true, pageTitle: "adminNotices.pageTitles.edit" },
    lazy: () =>
      import("../../features/admin/notices/pages/notice-editor-page").then((module) => ({
        Component: module.NoticeEditorPage,
      })),
  },
  {
    path: "admin/notices/view/:id",
    meta: { name: "adminNoticeView", admin: true, pageTitle: "adminNotices.pageTitles.view" },
    lazy: () =>
      import("../../features/admin/notices/pages/notice-view-page").then((module) => ({
        Component: module.NoticeViewPage,
      })),
  },
  {
    path: "admin/settings",
    meta: { name: "adminSettings", admin: true, pageTitle: "adminSettings.pageTitles.general" },
    lazy: () =>
      import("../../features/admin/settings/pages/settings-page").then((module) => ({
        Component: module.SettingsPage,
      })),
    children: [
      {
        index: true,
        meta: { name: "adminSettingsGeneral", pageTitle: "adminSettings.pageTitles.general" },
        lazy: () =>
          import("../../features/admin/settings/pages/settings-tabs").then((module) => ({
            Component: module.GeneralSettingsPage,
          })),
      },
      {
        path: "theme",
        meta: { name: "adminSettingsTheme", pageTitle: "adminSettings.pageTitles.theme" },
        lazy: () =>
          import("../../features/admin/settings/pages/settings-tabs").then((module) => ({
            Component: module.ThemeSettingsPage,
          })),
      },
      {
        path: "email",
        meta: { name: "adminSettingsEmail", pageTitle: "adminSettings.pageTitles.email" },
        lazy: () =>
          import("../../features/admin/settings/pages/settings-tabs").then((module) => ({
            Component: module.EmailSettingsPage,
          })),
      },
      {
        path: "payment",
        meta: { name: "adminSettingsPayment", pageTitle: "adminSettings.pageTitles.payment" },
        lazy: () =>
          import("../../features/admin/settings/pages/settings-tabs").then((module) => ({
            Component: module.PaymentSettingsPage,
          })),
      },
      {
        path: "maps",
        meta: { name: "adminSettingsMaps", pageTitle: "adminSettings.pageTitles.maps" },
        lazy: () =>
          import("../../features/admin/settings/pages/settings-tabs").then((module) => ({
            Component: module.MapSettingsPage,
          })),
      },
      {
        path: "newsletter",
        meta: { name: "adminSettingsNewsletter", pageTitle: "adminSettings.pageTitles.newsletter" },
        lazy: () =>
          import("../../features/admin/settings/pages/settings-tabs").then((module) => ({
            Component: module.NewsletterSettingsPage,
          })),
      },
      {
        path: "api-keys",
        meta: { name: "adminSettingsApiKeys", pageTitle: "adminSettings.pageTitles.apiKeys" },
        lazy: () =>
          import("../../features/admin/settings/pages/settings-tabs").then((module) => ({
            Component: module.ApiKeysSettingsPage,
          })),
      },
      {
        path: "webhooks",
        meta: { name: "adminSettingsWebhooks", pageTitle: "adminSettings.pageTitles.webhooks" },
        lazy: () =>
          import("../../features/admin/settings/pages/settings-tabs").then((module) => ({
            Component: module.WebhooksSettingsPage,
          })),
      },
    ],
  },
  {
    path: "_theme",
    meta: { name: "themeSettings", layout: "app", noLogin: true, pageTitle: "pageTitles.theme" },
    lazy: () => import("../../features/theme/pages/theme-page").then((module) => ({ Component: module.ThemePage })),
  },
  {
    path: "*",
    meta: { name: "notFound", layout: "auth", noLogin: true, embeddable: true, pageTitle: "pageTitles.notFound" },
    Component: NotFoundPage,
  },
];
