import { toMajorUnits } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import type { PaymentProviderId, ProviderEvent } from "../../providers/payment/index.js";
import {
  emitContactEvent,
  findContactByEmailIgnoringCase,
  findContactById,
  insertContact,
} from "../contacts/records/service.js";
import { markPaymentFlowDone } from "../contributions/flows.js";
import { sendEmail } from "../emails/service.js";
import type { GiftPaid } from "../payments/events.js";
import { receiptNumber } from "../receipts/service.js";
import { assignTags, findOrInsertTag } from "../tags/service.js";
import * as queries from "./queries.js";

/** The tag every giver of a one-time gift carries. */
export const DONOR_TAG = "Donor";

type PaymentEvent = Extract<ProviderEvent, { kind: "payment" }>;

/**
 * The contact a gift's payment belongs to (decision 068), or null while no
 * money moves (a failed attempt) or when the flow is unknown. The giver's
 * address finds an existing contact, which is left as it is: whoever filled
 * in the gift form may not be its owner, so names and language are only used
 * for a new contact, which gets no password, no membership and no
 * contribution. A successful gift tags the contact `Donor`. The gift's flow
 * is marked done, whichever comes first, the webhook or the browser's return.
 */
export async function giftPayer(
  ctx: AppContext,
  tx: Db,
  provider: PaymentProviderId,
  event: PaymentEvent & { giftFlowId: string },
): Promise<string | null> {
  const flow = await queries.findGiftFlow(tx, provider, event.giftFlowId);
  if (!flow?.giver) {
    ctx.log.warn({ provider, providerPaymentId: event.providerPaymentId }, "gift payment for an unknown flow");
    return null;
  }
  const now = ctx.clock.now();
  await markPaymentFlowDone({ db: tx }, flow.id, now);
  if (event.status !== "successful" && event.status !== "pending") return null;
  const { giver } = flow;
  // Two gifts from one new address at the same moment make one contact.
  await queries.lockGiverAddress(tx, giver.email);
  const existing = await findContactByEmailIgnoringCase({ ...ctx, db: tx }, giver.email);
  let contact = existing;
  if (!contact) {
    contact = await insertContact(
      { ...ctx, db: tx },
      {
        id: ctx.newId(),
        email: giver.email,
        firstname: giver.firstname,
        lastname: giver.lastname,
        joined: now,
        contributionType: "None",
        locale: giver.locale,
      },
    );
    await emitContactEvent({ ...ctx, db: tx }, "contact.created", contact.id);
  }
  if (event.status === "successful") {
    const tagId = await findOrInsertTag({ db: tx }, ctx.newId(), DONOR_TAG);
    await assignTags({ db: tx }, [{ contactId: contact.id, tagId }]);
  }
  return contact.id;
}

/**
 * Thanks the giver once their gift has gone through (`gift-thanks`): the amount, the receipt's
 * number, and where to find the receipt later. Sent in the transaction that records the success,
 * so the webhook and the browser's return, in any order and however often, send it once.
 */
export async function thankGiver(ctx: AppContext, tx: Db, gift: GiftPaid): Promise<void> {
  const contact = await findContactById({ ...ctx, db: tx }, gift.contactId);
  if (!contact) return;
  await sendEmail(
    ctx,
    {
      templateId: "gift-thanks",
      to: { email: contact.email, name: `${contact.firstname} ${contact.lastname}`.trim() },
      contactId: contact.id,
      mergeFields: {
        FNAME: contact.firstname,
        LNAME: contact.lastname,
        AMOUNT: toMajorUnits(gift.amountMinor),
        RECEIPTNUMBER: receiptNumber({ id: gift.paymentId, chargeDate: gift.chargeDate }),
      },
    },
    { db: tx },
  );
}
