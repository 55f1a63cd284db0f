import { redirect } from "react-router";
import { appConfig } from "../../config";
import { loginLoader, logoutAction } from "../../features/auth/route-handlers";
import { calloutLoader } from "../../features/callouts/route-handlers";
import { NotFoundPage } from "../../features/errors/pages/not-found-page";
import { homePath } from "./guard";
import type { RouteDef } from "./route-def";
import { index, page } from "./route-def";

/** The page of routes whose loader always sends the visitor on; without one the router warns. */
function Nothing() {
  return null;
}

/**
 * Every page of the app, one a line: `page(path, module, component, meta)`.
 * Each page's code loads on demand, its own chunk, so a first visit to a
 * public page downloads no other page. The first pages and the pages the
 * server renders are flagged in their meta (`firstPage`, `prerendered`); the pages another site
 * may frame are those whose paths `embeddablePagePatterns` (common/http) lists.
 */
// prettier-ignore
export const routeTable: RouteDef[] = [
  {
    index: true,
    meta: { name: "index", layout: "loading" },
    loader: (_args, { user }) => redirect(user ? homePath(user, appConfig.isReviewerMode) : "/auth/login"),
    Component: Nothing,
  },
  // Lazy like the rest: its form library and zod stay out of the public pages' download.
  page("auth/login", () => import("../../features/auth/pages/login-page"), "LoginPage", { name: "login", layout: "auth", noLogin: true, pageTitle: "pageTitles.login", firstPage: { reads: [] } }, { loader: loginLoader }),
  {
    path: "auth/logout",
    meta: { name: "logout", layout: "loading", noLogin: true },
    loader: () => redirect("/"),
    action: logoutAction,
    Component: Nothing,
  },
  page("setup", () => import("../../features/setup/pages/setup-page"), "SetupPage", { name: "setup", layout: "auth", noLogin: true, pageTitle: "pageTitles.setup" }),
  page("profile", () => import("../../features/profile/pages/profile-page"), "ProfilePage", { name: "profile", pageTitle: "pageTitles.profile" }),
  page("profile/account", () => import("../../features/profile/account/pages/account-page"), "AccountPage", { name: "profileAccount", pageTitle: "pageTitles.profileAccount" }),
  page("profile/contribution", () => import("../../features/profile/contribution/pages/contribution-page"), "ContributionPage", { name: "profileContribution", pageTitle: "pageTitles.profileContribution" }),
  page("profile/contribution/complete", () => import("../../features/profile/contribution/pages/flow-complete-pages"), "ContributionCompletePage", { name: "contributionComplete", layout: "loading" }),
  page("profile/contribution/payment-method/complete", () => import("../../features/profile/contribution/pages/flow-complete-pages"), "PaymentMethodCompletePage", { name: "paymentMethodComplete", layout: "loading" }),
  page("profile/contribution/cancel", () => import("../../features/profile/contribution/pages/cancel-contribution-page"), "CancelContributionPage", { name: "contributionCancel", pageTitle: "pageTitles.contributionCancel" }),
  page("join", () => import("../../features/join/pages/join-page"), "JoinPage", { name: "join", layout: "auth", noLogin: true, noReviewerMode: true, pageTitle: "pageTitles.join", firstPage: { reads: ["joinContent"] } }),
  page("join/failed", () => import("../../features/join/pages/join-failed-page"), "JoinFailedPage", { name: "joinFailed", layout: "auth", noLogin: true, pageTitle: "pageTitles.joinFailed" }),
  page("join/complete", () => import("../../features/join/pages/join-complete-page"), "JoinCompletePage", { name: "joinComplete", layout: "loading", noLogin: true }),
  page("donate", () => import("../../features/join/pages/donate-page"), "DonatePage", { name: "donate", layout: "auth", noLogin: true, noReviewerMode: true, pageTitle: "pageTitles.gift" }),
  page("donate/complete", () => import("../../features/join/pages/donate-complete-page"), "DonateCompletePage", { name: "donateComplete", layout: "auth", noLogin: true, noReviewerMode: true, pageTitle: "pageTitles.giftThanks" }),
  page("join/confirm-email", () => import("../../features/join/pages/join-confirm-email-page"), "JoinConfirmEmailPage", { name: "joinConfirmEmail", layout: "auth", noLogin: true, pageTitle: "pageTitles.joinConfirmEmail" }),
  page("join/confirm-email/:id", () => import("../../features/join/pages/join-confirm-email-id-page"), "JoinConfirmEmailIdPage", { name: "joinConfirmEmailId", layout: "loading", noLogin: true, pageTitle: "pageTitles.joinConfirmEmail" }),
  page("join/setup", () => import("../../features/join/pages/join-setup-page"), "JoinSetupPage", { name: "joinSetup", layout: "auth", pageTitle: "pageTitles.joinSetup" }),
  page("join/survey", () => import("../../features/join/pages/join-survey-page"), "JoinSurveyPage", { name: "joinSurvey", layout: "auth", pageTitle: "join.survey.pageTitle" }),
  page("auth/forgot-password", () => import("../../features/auth/reset/pages/forgot-password-page"), "ForgotPasswordPage", { name: "forgotPassword", layout: "auth", noLogin: true, pageTitle: "pageTitles.forgotPassword" }),
  page("payment/update/:id", () => import("../../features/recovery/pages/payment-update-page"), "PaymentUpdatePage", { name: "paymentUpdate", layout: "auth", noLogin: true, pageTitle: "pageTitles.paymentUpdate" }),
  page("payment/update/:id/complete", () => import("../../features/recovery/pages/payment-update-complete-page"), "PaymentUpdateCompletePage", { name: "paymentUpdateComplete", layout: "auth", noLogin: true, pageTitle: "pageTitles.paymentUpdate" }),
  page("auth/reset-password/:id", () => import("../../features/auth/reset/pages/reset-password-page"), "ResetPasswordPage", { name: "resetPassword", layout: "auth", noLogin: true, pageTitle: "pageTitles.resetPassword" }),
  page("auth/set-password/:id", () => import("../../features/auth/reset/pages/reset-password-page"), "SetPasswordPage", { name: "setPassword", layout: "auth", noLogin: true, pageTitle: "pageTitles.setPassword" }),
  page("auth/email-change/:id", () => import("../../features/auth/reset/pages/email-change-page"), "EmailChangePage", { name: "emailChange", layout: "auth", noLogin: true, pageTitle: "pageTitles.emailChange" }),
  page("auth/lost-device", () => import("../../features/auth/reset/pages/lost-device-page"), "LostDevicePage", { name: "lostDevice", layout: "auth", noLogin: true, pageTitle: "pageTitles.lostDevice" }),
  page("auth/reset-device/:id", () => import("../../features/auth/reset/pages/reset-device-page"), "ResetDevicePage", { name: "resetDevice", layout: "auth", noLogin: true, pageTitle: "pageTitles.resetDevice" }),
  page("admin", () => import("../../features/admin/dashboard/pages/admin-dashboard-page"), "AdminDashboardPage", { name: "adminDashboard", admin: true, pageTitle: "pageTitles.adminDashboard" }),
  page("admin/contacts", () => import("../../features/admin/contacts/pages/contacts-page"), "ContactsPage", { name: "adminContacts", admin: true, pageTitle: "pageTitles.adminContacts" }),
  page("admin/contacts/add", () => import("../../features/admin/contacts/pages/add-contact-page"), "AddContactPage", { name: "adminContactAdd", admin: true, pageTitle: "pageTitles.adminContactAdd" }),
  page("admin/contacts/import", () => import("../../features/admin/contacts/pages/import-contacts-page"), "ImportContactsPage", { name: "adminContactImport", admin: true, pageTitle: "pageTitles.adminContactImport" }),
  page("admin/contacts/tags", () => import("../../features/admin/contacts/pages/contact-tags-page"), "ContactTagsPage", { name: "adminContactTags", admin: true, pageTitle: "pageTitles.adminContactTags" }),
  page("admin/contacts/:id", () => import("../../features/admin/contacts/pages/contact-page"), "ContactPage", { name: "adminContact", admin: true, pageTitle: "pageTitles.adminContact" }, { children: [
    page(index, () => import("../../features/admin/contacts/pages/contact-overview-page"), "ContactOverviewPage", { name: "adminContactOverview", pageTitle: "pageTitles.adminContact" }),
    page("account", () => import("../../features/admin/contacts/pages/contact-account-page"), "ContactAccountPage", { name: "adminContactAccount", pageTitle: "pageTitles.adminContactAccount" }),
    page("callouts", () => import("../../features/admin/contacts/pages/contact-callouts-page"), "ContactCalloutsPage", { name: "adminContactCallouts", pageTitle: "adminResponses.pageTitles.contactCallouts" }),
    page("emails", () => import("../../features/admin/contacts/pages/contact-emails-page"), "ContactEmailsPage", { name: "adminContactEmails", pageTitle: "adminMailings.pageTitles.contact" }),
    page("contribution", () => import("../../features/admin/contacts/contact-contribution/contact-contribution-page"), "ContactContributionPage", { name: "adminContactContribution", pageTitle: "pageTitles.adminContactContribution" }),
    page("activity", () => import("../../features/admin/activity/pages/contact-activity-page"), "ContactActivityPage", { name: "adminContactActivity", pageTitle: "adminActivity.contact.pageTitle" }),
  ] }),
  page("admin/payments", () => import("../../features/admin/payments/pages/payments-page"), "PaymentsPage", { name: "adminPayments", admin: true, pageTitle: "pageTitles.adminPayments" }),
  page("admin/activity", () => import("../../features/admin/activity/pages/activity-page"), "ActivityPage", { name: "adminActivity", admin: true, pageTitle: "adminActivity.pageTitle" }),
  page("admin/ui-toolkit", () => import("../../features/admin/ui-toolkit/ui-toolkit-page"), "UiToolkitPage", { name: "adminUiToolkit", admin: true, pageTitle: "adminUiToolkit.pageTitle" }),
  page("admin/membership-builder", () => import("../../features/admin/membership-builder/pages/membership-builder-page"), "MembershipBuilderPage", { name: "adminMembershipBuilder", admin: true, pageTitle: "adminMembership.pageTitles.joinForm" }, { children: [
    page(index, () => import("../../features/admin/membership-builder/pages/join-form-page"), "JoinFormPage", { name: "adminMembershipJoinForm", pageTitle: "adminMembership.pageTitles.joinForm" }),
    page("intro", () => import("../../features/admin/membership-builder/pages/intro-page"), "IntroPage", { name: "adminMembershipIntro", pageTitle: "adminMembership.pageTitles.intro" }),
    page("email", () => import("../../features/admin/membership-builder/pages/email-page"), "EmailPage", { name: "adminMembershipEmail", pageTitle: "adminMembership.pageTitles.email" }),
    page("confirmation", () => import("../../features/admin/membership-builder/pages/confirmation-page"), "ConfirmationPage", { name: "adminMembershipConfirmation", pageTitle: "adminMembership.pageTitles.confirmation" }),
    page("gifts", () => import("../../features/admin/membership-builder/pages/gifts-page"), "GiftsPage", { name: "adminMembershipGifts", pageTitle: "adminMembership.pageTitles.gifts" }),
  ] }),
  page("callouts", () => import("../../features/callouts/pages/callouts-page"), "CalloutsPage", { name: "callouts", pageTitle: "pageTitles.callouts", firstPage: { reads: [] } }),
  // Public callout pages; the frame is the app layout, which drops its header inside another site's page.
  page("callouts/:id", () => import("../../features/callouts/pages/callout-page"), "CalloutPage", { name: "callout", layout: "app", noLogin: true }, { children: [
    page(index, () => import("../../features/callouts/pages/callout-main-page"), "CalloutMainPage", { name: "calloutMain", pageTitle: "pageTitles.callout", firstPage: { reads: ["publicCallout"] }, prerendered: true }, { loader: calloutLoader }),
    page("respond", () => import("../../features/callouts/pages/callout-respond-page"), "CalloutRespondPage", { name: "calloutRespond", pageTitle: "pageTitles.calloutRespond", firstPage: { reads: ["publicCallout"] }, prerendered: true }, { loader: calloutLoader }),
    page("thanks", () => import("../../features/callouts/pages/callout-thanks-page"), "CalloutThanksPage", { name: "calloutThanks", pageTitle: "pageTitles.calloutThanks" }, { loader: calloutLoader }),
  ] }),
  // The public map of a callout's responses: the whole window, its own header (none inside a frame).
  page("callouts/:id/map", () => import("../../features/callouts/map/callout-map-page"), "CalloutMapPage", { name: "calloutMap", layout: "fullscreen", noLogin: true, pageTitle: "pageTitles.calloutMap" }),
  // The photos of a callout's public responses: the whole window, its own header (none inside a frame).
  page("callouts/:id/gallery", () => import("../../features/callouts/views/gallery-page"), "GalleryPage", { name: "calloutGallery", layout: "fullscreen", noLogin: true, pageTitle: "pageTitles.calloutGallery" }),
  // The link a guest gets by email (GUEST_RESPONSE_CONFIRM_PATH in common) links their response to their address.
  page("confirm-response/:id", () => import("../../features/callouts/pages/confirm-response-page"), "ConfirmResponsePage", { name: "confirmResponse", layout: "auth", noLogin: true, pageTitle: "pageTitles.confirmResponse" }),
  page("admin/callouts", () => import("../../features/admin/callouts/pages/callouts-page"), "CalloutsPage", { name: "adminCallouts", staff: true, pageTitle: "pageTitles.adminCallouts" }),
  page("admin/callouts/new", () => import("../../features/admin/callouts/pages/callout-editor-page"), "CalloutEditorPage", { name: "adminCalloutNew", admin: true, layout: "flexible-dashboard", pageTitle: "pageTitles.adminCalloutNew" }),
  page("admin/callouts/edit/:id", () => import("../../features/admin/callouts/pages/callout-editor-page"), "CalloutEditorPage", { name: "adminCalloutEdit", admin: true, layout: "flexible-dashboard", pageTitle: "pageTitles.adminCalloutEdit" }),
  page("admin/callouts/view/:id", () => import("../../features/admin/callouts/pages/callout-page"), "CalloutPage", { name: "adminCallout", staff: true, pageTitle: "pageTitles.adminCallout" }, { children: [
    page(index, () => import("../../features/admin/callouts/pages/callout-overview-page"), "CalloutOverviewPage", { name: "adminCalloutOverview", pageTitle: "pageTitles.adminCallout" }),
    // Reviewers work through the responses of the callouts they review, so these are not admin-only.
    page("responses", () => import("../../features/admin/callouts/pages/responses-page"), "ResponsesPage", { name: "adminCalloutResponses", pageTitle: "adminResponses.pageTitles.responses" }),
    page("responses/tags", () => import("../../features/admin/callouts/pages/response-tags-page"), "ResponseTagsPage", { name: "adminCalloutResponseTags", pageTitle: "adminResponses.pageTitles.tags" }),
    page("responses/import", () => import("../../features/admin/callouts/pages/import-answers-page"), "ImportAnswersPage", { name: "adminCalloutResponseImport", admin: true, pageTitle: "adminResponses.pageTitles.import" }),
    page("responses/:rid", () => import("../../features/admin/callouts/pages/response-page"), "ResponsePage", { name: "adminCalloutResponse", pageTitle: "adminResponses.pageTitles.response" }),
  ] }),
  page("admin/emails", () => import("../../features/admin/emails/pages/emails-page"), "EmailsPage", { name: "adminEmails", admin: true, pageTitle: "adminEmails.pageTitles.outbox" }, { children: [
    page(index, () => import("../../features/admin/emails/pages/outbox-page"), "OutboxPage", { name: "adminEmailOutbox", pageTitle: "adminEmails.pageTitles.outbox" }),
    page("mailings", () => import("../../features/admin/emails/pages/mailings-page"), "MailingsPage", { name: "adminMailings", pageTitle: "adminMailings.pageTitles.list" }),
    page("templates", () => import("../../features/admin/emails/pages/email-templates-page"), "EmailTemplatesPage", { name: "adminEmailTemplates", pageTitle: "adminEmails.pageTitles.templates" }),
  ] }),
  page("admin/emails/outbox/:id", () => import("../../features/admin/emails/pages/outbox-email-page"), "OutboxEmailPage", { name: "adminEmailOutboxEmail", admin: true, pageTitle: "adminEmails.pageTitles.outboxEmail" }),
  page("admin/emails/mailings/:id", () => import("../../features/admin/emails/pages/mailing-page"), "MailingPage", { name: "adminMailing", admin: true, pageTitle: "adminMailings.pageTitles.mailing" }),
  page("unsubscribe/:token", () => import("../../features/unsubscribe/unsubscribe-page"), "UnsubscribePage", { name: "unsubscribe", layout: "auth", noLogin: true, noReviewerMode: true, pageTitle: "pageTitles.unsubscribe" }),
  page("admin/emails/templates/:id", () => import("../../features/admin/emails/pages/email-template-page"), "EmailTemplatePage", { name: "adminEmailTemplate", admin: true, pageTitle: "adminEmails.pageTitles.template" }),
  page("admin/notices", () => import("../../features/admin/notices/pages/notices-page"), "NoticesPage", { name: "adminNotices", admin: true, pageTitle: "adminNotices.pageTitles.list" }),
  page("admin/notices/add", () => import("../../features/admin/notices/pages/notice-editor-page"), "NoticeEditorPage", { name: "adminNoticeAdd", admin: true, pageTitle: "adminNotices.pageTitles.add" }),
  page("admin/notices/edit/:id", () => import("../../features/admin/notices/pages/notice-editor-page"), "NoticeEditorPage", { name: "adminNoticeEdit", admin: true, pageTitle: "adminNotices.pageTitles.edit" }),
  page("admin/notices/view/:id", () => import("../../features/admin/notices/pages/notice-view-page"), "NoticeViewPage", { name: "adminNoticeView", admin: true, pageTitle: "adminNotices.pageTitles.view" }),
  page("admin/settings", () => import("../../features/admin/settings/pages/settings-page"), "SettingsPage", { name: "adminSettings", admin: true, pageTitle: "adminSettings.pageTitles.general" }, { children: [
    page(index, () => import("../../features/admin/settings/pages/settings-tabs"), "GeneralSettingsPage", { name: "adminSettingsGeneral", pageTitle: "adminSettings.pageTitles.general" }),
    page("theme", () => import("../../features/admin/settings/pages/settings-tabs"), "ThemeSettingsPage", { name: "adminSettingsTheme", pageTitle: "adminSettings.pageTitles.theme" }),
    page("email", () => import("../../features/admin/settings/pages/settings-tabs"), "EmailSettingsPage", { name: "adminSettingsEmail", pageTitle: "adminSettings.pageTitles.email" }),
    page("payment", () => import("../../features/admin/settings/pages/settings-tabs"), "PaymentSettingsPage", { name: "adminSettingsPayment", pageTitle: "adminSettings.pageTitles.payment" }),
    page("maps", () => import("../../features/admin/settings/pages/settings-tabs"), "MapSettingsPage", { name: "adminSettingsMaps", pageTitle: "adminSettings.pageTitles.maps" }),
    page("newsletter", () => import("../../features/admin/settings/pages/settings-tabs"), "NewsletterSettingsPage", { name: "adminSettingsNewsletter", pageTitle: "adminSettings.pageTitles.newsletter" }),
    page("api-keys", () => import("../../features/admin/settings/pages/settings-tabs"), "ApiKeysSettingsPage", { name: "adminSettingsApiKeys", pageTitle: "adminSettings.pageTitles.apiKeys" }),
    page("webhooks", () => import("../../features/admin/settings/pages/settings-tabs"), "WebhooksSettingsPage", { name: "adminSettingsWebhooks", pageTitle: "adminSettings.pageTitles.webhooks" }),
  ] }),
  page("_theme", () => import("../../features/theme/pages/theme-page"), "ThemePage", { name: "themeSettings", layout: "app", noLogin: true, pageTitle: "pageTitles.theme" }),
  {
    path: "*",
    meta: { name: "notFound", layout: "auth", noLogin: true, embeddable: true, pageTitle: "pageTitles.notFound" },
    Component: NotFoundPage,
  },
];
