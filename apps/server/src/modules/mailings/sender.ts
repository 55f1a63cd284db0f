import type { AppContext } from "../../context.js";
import { AppError } from "../../http/errors.js";
import { enqueueJob, type JobHandler } from "../../jobs/queue.js";
import type { OutgoingEmail } from "../../providers/email/index.js";
import { getGeneralContent } from "../content/service.js";
import { senderOf } from "../emails/delivery.js";
import { writeOutboxEmail } from "../emails/service.js";
import { composeMailing } from "./compose.js";
import * as queries from "./queries.js";
import { recipientCondition } from "./recipients.js";

export const PREPARE_JOB = "mailing.prepare";
export const SEND_JOB = "mailing.send";
/** The shared send-rate stream of every message that goes to many people. */
const RATE_STREAM = "email";
/** Waits before trying a temporarily refused message again; after the last, it is failed. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
/** A batch lasts about this long at the configured rate, well inside a job's lease. */
const BATCH_SECONDS = 30;
const MAX_REASON_LENGTH = 500;
const INTERRUPTED_REASON =
  "Interrupted while the mail server was taking it; not sent again, so it may or may not have arrived";
/** Messages of one mailing in flight at once, at most. */
const MAX_LANES = 10;

export const prepareJobKey = (mailingId: string) => `${PREPARE_JOB}:${mailingId}`;
const sendJobKey = (mailingId: string) => `${SEND_JOB}:${mailingId}`;

/** Whether the mail server's refusal may pass (a 4xx answer, or the connection failing before it answered). */
export function isTemporary(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === "number") return responseCode >= 400 && responseCode < 500;
  return typeof code === "string" && ["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS"].includes(code);
}

function reasonOf(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, MAX_REASON_LENGTH);
}

/**
 * When a scheduled mailing is due: writes its recipients (queued or skipped)
 * in one statement and hands over to the send job, in one transaction with
 * the status change. A mailing cancelled in the meantime is no longer
 * `scheduled` and nothing happens.
 */
const prepareJob: JobHandler = {
  kind: PREPARE_JOB,
  async run(ctx, job) {
    const mailingId = String(job.payload.mailingId);
    await ctx.db.transaction(async (tx) => {
      const txCtx = { ...ctx, db: tx };
      const mailing = await queries.findMailing(tx, mailingId, { lock: true });
      if (mailing?.status !== "scheduled") return;
      let where;
      try {
        where = await recipientCondition(txCtx, mailing.recipients, mailing.createdBy ?? undefined);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // The segment or callout went away, or a rule no longer holds: back to a draft for the admin to fix.
        ctx.log.warn({ mailingId, reason: error.message }, "scheduled email's recipients are no longer valid");
        await queries.updateMailingIn(tx, mailingId, ["scheduled"], { status: "draft", scheduledAt: null });
        return;
      }
      const now = ctx.clock.now();
      await queries.insertRecipients(tx, mailing, where, now);
      await queries.updateMailingIn(tx, mailingId, ["scheduled"], { status: "sending", startedAt: now });
      await enqueueJob(tx, ctx, { kind: SEND_JOB, payload: { mailingId }, key: sendJobKey(mailingId) });
    });
  },
};

/**
 * Hands one message over. Without a mail server it goes into the outbox (decision 010) in
 * the same transaction that marks the recipient sent: exactly once, whatever happens. To a
 * mail server, the hand-over is recorded (committed) first, so a copy that dies during the
 * exchange leaves a recipient known to be in doubt rather than one that looks untouched.
 * Either way, only while the claim is still this one's: a copy that stalled until its
 * recipient was queued again (and perhaps claimed by another) sends nothing. Answers
 * `recorded` (outbox: sent and recorded), `handed-over` (the mail server took it; not yet
 * recorded) or `taken` (the claim was lost; nothing sent).
 */
async function handOver(
  ctx: AppContext,
  message: OutgoingEmail,
  claim: queries.RecipientRow,
): Promise<"recorded" | "handed-over" | "taken"> {
  if (ctx.email.delivers) {
    if (!(await queries.markHandingOver(ctx.db, claim, ctx.clock.now()))) return "taken";
    await ctx.email.send(message);
    return "handed-over";
  }
  const written = await ctx.db.transaction(async (tx) => {
    if (!(await queries.markRecipientSent(tx, claim, ctx.clock.now()))) return false;
    await writeOutboxEmail(
      { ...ctx, db: tx },
      {
        id: ctx.newId(),
        templateId: null,
        contactId: claim.contactId,
        toAddress: message.to.address,
        toName: message.to.name,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        mergeFields: {},
        createdAt: ctx.clock.now(),
      },
    );
    return true;
  });
  return written ? "recorded" : "taken";
}

/** Sends to one claimed recipient and records the outcome. */
async function sendTo(
  ctx: AppContext,
  mailing: queries.MailingRow,
  recipient: queries.RecipientRow,
  from: OutgoingEmail["from"],
  general: Awaited<ReturnType<typeof getGeneralContent>>,
): Promise<void> {
  const details = await queries.findRecipientDetails(ctx.db, recipient.contactId);
  if (!details) {
    await queries.markRecipientFailed(ctx.db, mailing.id, recipient.contactId, "The contact no longer exists");
    return;
  }
  const composed = await composeMailing(ctx, mailing, details, general);
  const host = new URL(ctx.config.appUrl).hostname;
  const message: OutgoingEmail = {
    from,
    to: { name: [details.firstname, details.lastname].filter(Boolean).join(" "), address: recipient.email },
    subject: composed.subject,
    text: composed.text,
    html: composed.html,
    messageId: `<${mailing.id}.${recipient.contactId}@${host}>`,
    headers: { ...composed.headers, "X-Cohort-Mailing-Id": mailing.id },
  };
  let outcome: Awaited<ReturnType<typeof handOver>>;
  try {
    outcome = await handOver(ctx, message, recipient);
  } catch (error) {
    const reason = reasonOf(error);
    const delay = RETRY_DELAYS_MS[recipient.attempts - 1];
    if (isTemporary(error) && delay !== undefined) {
      const at = new Date(ctx.clock.now().getTime() + delay);
      await queries.requeueRecipient(ctx.db, mailing.id, recipient.contactId, reason, at);
    } else {
      await queries.markRecipientFailed(ctx.db, mailing.id, recipient.contactId, reason);
    }
    ctx.log.warn({ mailingId: mailing.id, attempts: recipient.attempts, reason }, "mailing message refused");
    return;
  }
  // Outside the refusal's handling: the mail server took it, whatever happens to this write.
  if (outcome === "taken") {
    ctx.log.warn({ mailingId: mailing.id }, "a stalled send found its recipient claimed again; it sent nothing");
  } else if (outcome === "handed-over") {
    await queries.markRecipientSent(ctx.db, recipient, ctx.clock.now());
  }
}

/**
 * Sends a batch of a mailing's recipients at the configured rate, then runs
 * again while any are left (retries wait for their time). Each message takes
 * a shared send slot first, so every server copy together keeps the rate;
 * then its recipient is claimed (`sending`, committed), the hand-over is
 * recorded, and only then does the mail server hear of it. A copy that dies
 * mid-send leaves its recipients `sending`; once `interruptedAfterMs` has
 * passed, those whose hand-over never started are sent again and those whose
 * hand-over started become `unknown`, never sent twice (decision 065).
 */
const sendJob: JobHandler = {
  kind: SEND_JOB,
  async run(ctx, job, control) {
    const mailingId = String(job.payload.mailingId);
    const mailing = await queries.findMailing(ctx.db, mailingId);
    if (mailing?.status !== "sending") return;
    const general = await getGeneralContent(ctx);
    const from = await senderOf(ctx);
    const { ratePerSecond, interruptedAfterMs, jobLeaseMs } = ctx.config.mailings;
    const recover = async () => {
      const now = ctx.clock.now();
      const recovered = await queries.recoverInterrupted(
        ctx.db,
        mailingId,
        new Date(now.getTime() - interruptedAfterMs),
        now,
        INTERRUPTED_REASON,
      );
      if (recovered.requeued + recovered.unknown > 0) {
        ctx.log.warn({ mailingId, ...recovered }, "recipients of an interrupted send recovered");
      }
    };
    // A copy that died left its recipients `sending`: they are settled before new ones go out.
    await recover();
    const intervalMs = 1000 / ratePerSecond;
    // About 30 seconds' worth, and at most half the lease, so no other copy takes the job over mid-batch.
    const seconds = Math.min(BATCH_SECONDS, jobLeaseMs / 2000);
    const batch = Math.max(1, Math.min(500, Math.floor(ratePerSecond * seconds)));
    // A message takes a round of queries and an SMTP exchange; at higher rates several go at
    // once (one per half second of the rate), each on its own slot, so the rate still holds.
    const lanes = Math.max(1, Math.min(MAX_LANES, Math.ceil(ratePerSecond / 2)));
    let taken = 0;
    let done = false;
    const lane = async () => {
      while (!done && taken < batch && !control.stopping()) {
        if (!(await queries.hasDueRecipient(ctx.db, mailingId, ctx.clock.now()))) break;
        taken++;
        const slot = await queries.takeSendSlot(ctx.db, RATE_STREAM, ctx.clock.now(), intervalMs);
        const wait = slot.getTime() - ctx.clock.now().getTime();
        if (wait > 0) await ctx.sleep(wait);
        const recipient = await queries.claimRecipient(ctx.db, mailingId, ctx.clock.now());
        if (!recipient) {
          done = true;
          break;
        }
        await sendTo(ctx, mailing, recipient, from, general);
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    await recover();
    const now = ctx.clock.now();
    const left = await queries.remainingOf(ctx.db, mailingId);
    if (left.nextQueued) return { rerunAt: left.nextQueued > now ? left.nextQueued : now };
    if (left.sending > 0) {
      const stale = new Date((left.oldestSending ?? now).getTime() + interruptedAfterMs + 1);
      return { rerunAt: stale > now ? stale : now };
    }
    await queries.updateMailingIn(ctx.db, mailingId, ["sending"], { status: "sent", finishedAt: now });
  },
};

/** The queue's handlers for mailings. */
export const mailingJobs: readonly JobHandler[] = [prepareJob, sendJob];
