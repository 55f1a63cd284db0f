export const paymentStatuses = ["draft", "pending", "successful", "failed", "cancelled"] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];
