import type { EmailTemplateId } from "@cohort/common/emails";
import type { TemplateText } from "./render.js";

/** The built-in English texts; every other locale without its own text falls back to these. */
export const englishTexts: Record<EmailTemplateId, TemplateText> = {
  "confirm-email": {
    subject: "Please confirm your email address",
    body: `Hello *|NAME|*,

Thank you for joining *|ORGNAME|*. Please confirm your email address to finish signing up:

*|CONFIRMLINK|*

If you didn't ask to join, you can ignore this email and nothing will happen.

*|ORGNAME|*`,
  },
  welcome: {
    subject: "Welcome to *|ORGNAME|*",
    body: `Hello *|NAME|*,

Welcome to *|ORGNAME|*, and thank you for joining us. Your account is ready.

You can log in at any time to manage your account and any contribution you make, and to answer our callouts:

*|LOGINLINK|*

*|ORGNAME|*`,
  },
  "email-exists-login": {
    subject: "You are already a member of *|ORGNAME|*",
    body: `Hello *|NAME|*,

Someone, probably you, has just tried to join *|ORGNAME|* with this email address. You are already a member, so there is no need to join again. You can log in here:

*|LOGINLINK|*

If you have forgotten your password, you can reset it on the login page.

*|ORGNAME|*`,
  },
  "email-exists-set-password": {
    subject: "Set a password for your *|ORGNAME|* account",
    body: `Hello *|NAME|*,

Someone, probably you, has just tried to join *|ORGNAME|* with this email address. You are already a member, but your account has no password yet. Choose one with this link, which works for 24 hours:

*|SPLINK|*

If you didn't ask for this, you can ignore this email.

*|ORGNAME|*`,
  },
  "reset-password": {
    subject: "Reset your password",
    body: `Hello *|NAME|*,

We have received a request to reset the password of your *|ORGNAME|* account. Choose a new password with this link, which works for 24 hours:

*|RPLINK|*

If you didn't ask for this, you can ignore this email: your password stays as it is.

*|ORGNAME|*`,
  },
  "reset-device": {
    subject: "Reset your two-step login",
    body: `Hello *|NAME|*,

We have received a request to switch off the two-step login of your *|ORGNAME|* account, for example because the phone with your authenticator app was lost. Use this link, which works for 24 hours; you will need your password:

*|RPLINK|*

If you didn't ask for this, ignore this email and consider changing your password.

*|ORGNAME|*`,
  },
  "confirm-email-change": {
    subject: "Confirm your new email address",
    body: `Hello *|NAME|*,

You asked to use *|NEWEMAIL|* for your *|ORGNAME|* account from now on. Please confirm this address with the link below, which works for 24 hours. Until you do, your account keeps its current address.

*|CONFIRMLINK|*

If you didn't ask for this, you can ignore this email and nothing will change.

*|ORGNAME|*`,
  },
  "email-change-requested": {
    subject: "Your email address is about to change",
    body: `Hello *|NAME|*,

Someone logged in to your *|ORGNAME|* account has asked to change its email address to *|NEWEMAIL|*. The change happens only once the link we sent to that address is opened.

If this was you, there is nothing more to do here. If it wasn't, reset your password on the login page straight away: that cancels the change. You can also reply to *|SUPPORTEMAIL|*.

*|ORGNAME|*`,
  },
  "contribution-changed": {
    subject: "Your contribution has changed",
    body: `Hello *|NAME|*,

Thank you for updating your contribution to *|ORGNAME|*. Your new contribution of *|AMOUNT|* applies from *|STARTDATE|*.

You can see and change it at any time in your account.

*|ORGNAME|*`,
  },
  "cancelled-contribution": {
    subject: "Your contribution has been cancelled",
    body: `Hello *|NAME|*,

We are sorry to see you go. Your contribution to *|ORGNAME|* has been cancelled and you will not be charged again. Your membership stays active until *|EXPIRES|*.

Thank you for your support. You are welcome back at any time.

*|ORGNAME|*`,
  },
  "payment-failed": {
    subject: "Your payment didn't go through",
    body: `Hello *|NAME|*,

We couldn't collect your latest contribution of *|AMOUNT|* to *|ORGNAME|*. This can happen when a card has expired or a bank declines the payment.

Please check your payment details here:

*|UPDATELINK|*

Thank you for your support.

*|ORGNAME|*`,
  },
  "payment-recovered": {
    subject: "Your payment went through after all",
    body: `Hello *|NAME|*,

We wrote to you that we couldn't collect your contribution. The payment of *|AMOUNT|* to *|ORGNAME|* has now gone through after all, so there is nothing you need to do and your membership continues.

Thank you for your support.

*|ORGNAME|*`,
  },
  "payment-reminder": {
    subject: "Your membership needs a working payment method",
    body: `Hello *|NAME|*,

We still haven't been able to collect your contribution of *|AMOUNT|* to *|ORGNAME|*. Your membership stays active until *|EXPIRES|*. After that it ends unless the payment goes through.

You can set up a new card or bank account here, without logging in:

*|UPDATELINK|*

If you have already sorted this out, thank you, and please ignore this email.

*|ORGNAME|*`,
  },
  "manual-to-automatic": {
    subject: "Your contribution is now automatic",
    body: `Hello *|NAME|*,

Thank you for setting up an automatic contribution to *|ORGNAME|*. From now on it is collected for you, so you no longer need to pay by hand. If you pay by standing order or regular bank transfer, please cancel it so that you don't pay twice.

*|ORGNAME|*`,
  },
  "contribution-didnt-start": {
    subject: "Your contribution didn't start",
    body: `Hello *|NAME|*,

Thank you for joining *|ORGNAME|*. Unfortunately we couldn't start your contribution, because the payment was not confirmed.

You can try again from your account. If you need help, write to us at *|SUPPORTEMAIL|*.

*|ORGNAME|*`,
  },
  "new-member": {
    subject: "New member: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* has just joined *|ORGNAME|*.

Contact id: *|MEMBERID|*`,
  },
  "cancelled-member": {
    subject: "Cancelled contribution: *|MEMBERNAME|*",
    body: `*|MEMBERNAME|* has cancelled their contribution to *|ORGNAME|*.

Reason given: *|REASON|*

Contact id: *|MEMBERID|*`,
  },
  "confirm-callout-response": {
    subject: "We have received your response to “*|CALLOUTTITLE|*”",
    body: `Hello *|NAME|*,

Thank you for answering “*|CALLOUTTITLE|*” (*|CALLOUTLINK|*). We have received a response given with your email address.

Please confirm that it was you by opening this link:

*|CONFIRMLINK|*

Until then, the response is not linked to your email address. If it wasn't you who responded, you can ignore this email.

*|ORGNAME|*`,
  },
  "new-callout-response": {
    subject: "New response to “*|CALLOUTTITLE|*”",
    body: `*|RESPNAME|* has responded to the callout “*|CALLOUTTITLE|*” (*|CALLOUTSLUG|*).`,
  },
  "callout-response-notice": {
    subject: "Response #*|RESPONSENUMBER|* to “*|CALLOUTTITLE|*”",
    body: `Hello *|NAME|*,

The callout “*|CALLOUTTITLE|*” has a new response, number *|RESPONSENUMBER|*. Read it here:

*|RESPONSELINK|*

You get this email because an admin added you to the notifications of this callout.

*|ORGNAME|*`,
  },
  "callout-response-threshold": {
    subject: "“*|CALLOUTTITLE|*” has *|THRESHOLD|* responses",
    body: `Hello *|NAME|*,

The callout “*|CALLOUTTITLE|*” has passed *|THRESHOLD|* responses. See them here:

*|RESPONSESLINK|*

You get this email because an admin added you to the notifications of this callout.

*|ORGNAME|*`,
  },
  "callout-response-digest": {
    subject: "New responses to “*|CALLOUTTITLE|*” on *|DIGESTDATE|*: *|RESPONSECOUNT|*",
    body: `Hello *|NAME|*,

Here is the daily summary for the callout “*|CALLOUTTITLE|*”. New responses on *|DIGESTDATE|* (UTC): *|RESPONSECOUNT|*.

*|RESPONSELIST|*

All responses: *|RESPONSESLINK|*

You get this summary because an admin added you to the notifications of this callout. There is no email on days without new responses.

*|ORGNAME|*`,
  },
  "webhook-endpoint-paused": {
    subject: "A webhook endpoint was paused",
    body: `Hello,

For several days every message to the webhook endpoint *|ENDPOINTURL|* has failed, so nothing more is sent to it.

Once the receiver answers again, an admin can resume the endpoint and send the failed messages again: *|WEBHOOKSLINK|*

*|ORGNAME|*`,
  },
};
