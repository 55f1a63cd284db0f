import type { Attribution } from "@cohort/common/attribution";
import type { PaymentMethod } from "@cohort/common/payments";
import type { ProfileInput } from "@cohort/common/contacts";
import type { PaymentFlowParams } from "@cohort/common/contributions";
import { contributionPaths } from "@cohort/common/contributions";
import { pageLocale } from "../app/i18n/i18n";
import { apiSend } from "./client";
import { sendOnce } from "./idempotent-send";
import type { ContributionChange } from "./contribution";
import { appUrl, contributionBody, readPaymentFlowParams } from "./contribution";

export interface SignupInput {
  email: string;
  /** Absent for a free join. */
  contribution?: ContributionChange & { paymentMethod: PaymentMethod };
  /** One per press of the join button (`newIdempotencyKey`): automatic retries reuse it. */
  idempotencyKey: string;
  /** The campaign fields of the link the join page was opened with; the server keeps them with the join (decision 074). */
  attribution?: Attribution | undefined;
}

/**
 * Starts a join. A paid join answers with the provider step; a free one
 * answers with nothing and an email is on its way: the confirmation link, or,
 * for an address that already has a membership, a link to log in.
 */
export async function startSignup(input: SignupInput): Promise<PaymentFlowParams | null> {
  const body = {
    email: input.email,
    loginUrl: appUrl(contributionPaths.login),
    setPasswordUrl: appUrl(contributionPaths.setPassword),
    confirmUrl: appUrl(contributionPaths.confirmEmail),
    // The new member's emails are in the language of the page they join on.
    locale: pageLocale(),
    ...(input.attribution && { attribution: input.attribution }),
    ...(input.contribution && {
      contribution: {
        ...contributionBody(input.contribution),
        paymentMethod: input.contribution.paymentMethod,
        completeUrl: appUrl(contributionPaths.joinComplete),
      },
    }),
  };
  const answer = await sendOnce("POST", "/signup", body, input.idempotencyKey);
  // No body: nothing to pay now, and the email says what comes next (a join kept from before
  // decision 049 could answer a paid join this way too).
  if (!input.contribution || answer === undefined || answer === null) return null;
  return readPaymentFlowParams(answer);
}

/** Back from the payment provider: the confirmation email goes out. */
export async function completeSignup(paymentFlowId: string): Promise<void> {
  await apiSend("POST", "/signup/complete", { paymentFlowId });
}

/**
 * The link from the confirmation email. Answers whether it started a session:
 * the contact comes back with one (200); an account with a second factor or
 * staff rights gets none and no body (202), and its owner logs in as usual.
 */
export async function confirmSignupEmail(joinFlowId: string): Promise<{ isLoggedIn: boolean }> {
  const answer = await apiSend("POST", "/signup/confirm-email", { joinFlowId });
  return { isLoggedIn: typeof answer === "object" && answer !== null };
}

/** Sends the confirmation link of an unconfirmed join again, to the address it was started with. */
export async function resendSignupConfirmation(joinFlowId: string): Promise<void> {
  await apiSend("POST", "/signup/confirm-email/resend", { joinFlowId });
}

export interface JoinSetupInput {
  firstname: string;
  lastname: string;
  /** Absent for a returning member who keeps the password they have. */
  password?: string;
  /** Absent when the member was not asked. */
  newsletterOptIn?: boolean;
  /** Further profile choices of the set-up step (newsletter groups, the printed edition); they win. */
  profile?: Pick<ProfileInput, "newsletterStatus" | "newsletterGroups" | "deliveryOptIn" | "deliveryAddress">;
}

/** The new member's names, password and newsletter choice. */
export async function saveJoinSetup(input: JoinSetupInput): Promise<void> {
  await apiSend("PATCH", "/contact/me", {
    firstname: input.firstname,
    lastname: input.lastname,
    ...(input.password !== undefined && { password: input.password }),
    profile: {
      ...(input.newsletterOptIn !== undefined && {
        newsletterStatus: input.newsletterOptIn ? "subscribed" : "unsubscribed",
      }),
      ...input.profile,
    },
  });
}
