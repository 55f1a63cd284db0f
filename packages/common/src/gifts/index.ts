import { z } from "zod";
import { contactNameSchema, emailSchema, isoDateSchema, localeSchema } from "../contacts/schemas.js";
import { amountSchema, returnUrlSchema } from "../contributions/schemas.js";
import { paymentStatusSchema } from "../payments/schemas.js";

/** Body of POST /gift: a one-time gift of `amount` (major units), paid by card (decision 068). */
export const giftSchema = z
  .object({
    email: emailSchema,
    firstname: contactNameSchema.optional(),
    lastname: contactNameSchema.optional(),
    amount: amountSchema,
    /** Where the provider sends the giver back; it appends its flow id. */
    completeUrl: returnUrlSchema,
    /** The language of the page; a new contact's emails use it. */
    locale: localeSchema.optional(),
  })
  .strict();
export type Gift = z.output<typeof giftSchema>;

/** What the giver sees once the gift is paid: the receipt's number and figures (amount in major units). */
export const giftReceiptSchema = z.object({
  receiptNumber: z.string(),
  amount: z.number(),
  currency: z.string(),
  chargeDate: isoDateSchema,
  status: paymentStatusSchema,
});
export type GiftReceipt = z.output<typeof giftReceiptSchema>;
