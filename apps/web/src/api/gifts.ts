import type { PaymentFlowParams } from "@cohort/common/contributions";
import { contributionPaths } from "@cohort/common/contributions";
import type { GiftReceipt } from "@cohort/common/gifts";
import type { PaymentStatus } from "@cohort/common/payments";
import { paymentStatuses } from "@cohort/common/payments";
import { pageLocale } from "../app/i18n/i18n";
import { apiSend, apiUrl } from "./client";
import { appUrl, readPaymentFlowParams } from "./contribution";
import { isRecord, UnexpectedAnswerError } from "./read-body";

export interface GiftInput {
  email: string;
  firstname: string;
  lastname: string;
  /** Major units. */
  amount: number;
}

/** Starts a one-time gift; answers the provider step (the test checkout, or Stripe's card form). */
export async function startGift(input: GiftInput): Promise<PaymentFlowParams> {
  const answer = await apiSend("POST", "/gift", {
    email: input.email,
    ...(input.firstname && { firstname: input.firstname }),
    ...(input.lastname && { lastname: input.lastname }),
    amount: input.amount,
    completeUrl: appUrl(contributionPaths.giftComplete),
    locale: pageLocale(),
  });
  return readPaymentFlowParams(answer);
}

const isStatus = (value: unknown): value is PaymentStatus => (paymentStatuses as readonly unknown[]).includes(value);

/** Back from the provider: the gift is recorded, and its receipt's figures come back. */
export async function completeGift(paymentFlowId: string): Promise<GiftReceipt> {
  const body = await apiSend("POST", "/gift/complete", { paymentFlowId });
  if (
    isRecord(body) &&
    typeof body.receiptNumber === "string" &&
    typeof body.amount === "number" &&
    typeof body.currency === "string" &&
    typeof body.chargeDate === "string" &&
    isStatus(body.status)
  ) {
    return {
      receiptNumber: body.receiptNumber,
      amount: body.amount,
      currency: body.currency,
      chargeDate: body.chargeDate,
      status: body.status,
    };
  }
  throw new UnexpectedAnswerError("gift receipt");
}

/** Where the gift's receipt downloads from, for the week after the gift. */
export function giftReceiptUrl(paymentFlowId: string): string {
  return apiUrl(`/gift/${encodeURIComponent(paymentFlowId)}/receipt`);
}
