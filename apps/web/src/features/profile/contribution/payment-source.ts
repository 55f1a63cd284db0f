import type { TFunction } from "i18next";
import type { ContributionInfo, PaymentSource } from "@cohort/common/payments";

/** A short description of how the contribution is paid, such as "Card ending 4242 (08/2027)". */
export function describePaymentSource(t: TFunction, source: PaymentSource | undefined): string {
  if (!source || source.method === null) {
    return source?.source ? t("contribution.source.manual", { source: source.source }) : t("contribution.source.none");
  }
  if ("isLink" in source && source.isLink) return t("contribution.source.link", { email: source.email });
  if ("expiryMonth" in source) {
    const expiry = `${String(source.expiryMonth).padStart(2, "0")}/${source.expiryYear}`;
    return t("contribution.source.card", { last4: source.last4, expiry });
  }
  if ("sortCode" in source) return t("contribution.source.bacs", { sortCode: source.sortCode, last4: source.last4 });
  if ("bankCode" in source) return t("contribution.source.sepa", { last4: source.last4 });
  if ("payerEmail" in source) return t("contribution.source.paypal", { email: source.payerEmail });
  if ("bankName" in source) {
    return t("contribution.source.directDebit", { bank: source.bankName, last4: source.accountNumberEnding });
  }
  return t(`contribution.methods.${source.method}`);
}

/**
 * The card or account payments are collected from now. Once the contribution
 * is cancelled there is none: the provider lets go of it (Stripe detaches the
 * card, GoCardless cancels the mandate), though the server still names it so
 * that a new contribution can start with the same kind of method.
 */
export function sourceInUse(info: ContributionInfo): PaymentSource | undefined {
  return info.cancellationDate ? undefined : info.paymentSource;
}
