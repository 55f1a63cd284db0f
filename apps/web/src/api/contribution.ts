import type { ContributionInfo, PaymentMethod } from "@cohort/common/payments";
import type { PaymentFlowParams } from "@cohort/common/contributions";
import { contributionPaths } from "@cohort/common/contributions";
import { forcedLocale } from "../app/i18n/page-locale";
import { siteUrl } from "../config";
import { apiRead, apiSend } from "./client";
import { isRecord, UnexpectedAnswerError } from "./read-body";

export const contributionKeys = {
  me: ["contribution", "me"] as const,
};

/**
 * An address in the app for a payment provider or an email to send the
 * browser back to; it keeps a language forced with `?lang=`.
 */
export function appUrl(path: string): string {
  const url = new URL(siteUrl(path));
  const locale = forcedLocale();
  if (locale) url.searchParams.set("lang", locale);
  return url.toString();
}

/**
 * What the browser does after a provider setup starts. Checked by hand: the
 * join page loads this file and stays free of zod (decision 008).
 */
export function readPaymentFlowParams(body: unknown): PaymentFlowParams {
  if (isRecord(body)) {
    if (typeof body.redirectUrl === "string" && /^https?:\/\//.test(body.redirectUrl)) {
      return { redirectUrl: body.redirectUrl };
    }
    if (typeof body.clientSecret === "string" && body.clientSecret) return { clientSecret: body.clientSecret };
  }
  throw new UnexpectedAnswerError("payment flow");
}

/** The fields of a contribution the pages show; the server validates the rest. */
export function readContributionInfo(body: unknown): ContributionInfo {
  if (isRecord(body) && typeof body.type === "string" && typeof body.membershipStatus === "string") {
    return body as ContributionInfo;
  }
  throw new UnexpectedAnswerError("contribution");
}

export function fetchContribution(signal?: AbortSignal): Promise<ContributionInfo> {
  return apiRead("/contact/me/contribution", readContributionInfo, { signal });
}

export interface ContributionChange {
  /** Per-period amount in major units. */
  amount: number;
  period: "monthly" | "annually";
  payFee: boolean;
}

/** Only monthly contributions carry payFee and only annual ones prorate, as the API expects. */
export function contributionBody(change: ContributionChange) {
  return change.period === "monthly"
    ? { amount: change.amount, period: change.period, payFee: change.payFee }
    : { amount: change.amount, period: change.period, prorate: false };
}

/** A new amount or period on the stored payment method. */
export async function updateContribution(change: ContributionChange): Promise<ContributionInfo> {
  return readContributionInfo(await apiSend("PATCH", "/contact/me/contribution", contributionBody(change)));
}

/** Starts a contribution with a new payment method; the provider step follows. */
export async function startContribution(
  change: ContributionChange,
  paymentMethod: PaymentMethod,
): Promise<PaymentFlowParams> {
  const body = {
    ...contributionBody(change),
    paymentMethod,
    completeUrl: appUrl(contributionPaths.contributionComplete),
  };
  return readPaymentFlowParams(await apiSend("POST", "/contact/me/contribution", body));
}

export async function completeContribution(paymentFlowId: string): Promise<void> {
  await apiSend("POST", "/contact/me/contribution/complete", { paymentFlowId });
}

/** Sets up a new payment method; without one the current method is set up again. */
export async function updatePaymentMethod(paymentMethod?: PaymentMethod): Promise<PaymentFlowParams> {
  const body = {
    completeUrl: appUrl(contributionPaths.paymentMethodComplete),
    ...(paymentMethod && { paymentMethod }),
  };
  return readPaymentFlowParams(await apiSend("PUT", "/contact/me/payment-method", body));
}

export async function completePaymentMethod(paymentFlowId: string): Promise<void> {
  await apiSend("POST", "/contact/me/payment-method/complete", { paymentFlowId });
}

/** Why a member stops or pauses: one of the organisation's reasons or `other`, and their own words. */
export interface ReasonGiven {
  reason: string;
  reasonText?: string;
}

export async function cancelContribution(given?: ReasonGiven): Promise<void> {
  await apiSend("POST", "/contact/me/contribution/cancel", given);
}

/** Skips the next `months` monthly payments instead of cancelling. */
export async function pauseContribution(months: number, given?: ReasonGiven): Promise<ContributionInfo> {
  return readContributionInfo(await apiSend("POST", "/contact/me/contribution/pause", { months, ...given }));
}

export const cancellationReasonsKey = ["content", "payment", "cancellationReasons"] as const;

/** The organisation's reasons for cancelling, read from the payment settings without zod. */
export async function fetchCancellationReasons(signal?: AbortSignal): Promise<string[]> {
  return apiRead(
    "/content/payment",
    (body) => {
      if (!isRecord(body)) throw new UnexpectedAnswerError("payment settings");
      const reasons = body.cancellationReasons;
      return Array.isArray(reasons) ? reasons.filter((reason): reason is string => typeof reason === "string") : [];
    },
    { signal },
  );
}
