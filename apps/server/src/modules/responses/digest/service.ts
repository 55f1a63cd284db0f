import type { AppContext } from "../../../context.js";
import type { ScheduledJob } from "../../../jobs/runner.js";
import { sendEmail } from "../../emails/service.js";
import * as queries from "../notifications/queries.js";

/** Responses a digest lists one by one; the count and the inbox link cover the rest. */
export const DIGEST_LISTED_RESPONSES = 100;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day before `now` (UTC), as `YYYY-MM-DD`. */
export function previousDay(now: Date): string {
  return new Date(now.getTime() - DAY_MS).toISOString().slice(0, 10);
}

/**
 * Emails each staff member who asked for a daily digest of a callout the
 * responses it received on `day` (UTC): how many, their numbers with links,
 * and a link to the inbox. Nothing is sent about a callout that received
 * none. Like the other staff notifications, the emails name no answers and
 * use each recipient's own locale. Answers how many emails were written.
 */
export async function sendDailyDigests(ctx: AppContext, day: string): Promise<number> {
  const from = new Date(`${day}T00:00:00.000Z`);
  const to = new Date(from.getTime() + DAY_MS);
  const recipients = await queries.findDigestRecipients(ctx.db, ctx.clock.now());
  const byCallout = new Map<string, queries.DigestRecipientRow[]>();
  for (const recipient of recipients) {
    byCallout.set(recipient.calloutId, [...(byCallout.get(recipient.calloutId) ?? []), recipient]);
  }
  const received = await queries.findResponsesReceived(
    ctx.db,
    [...byCallout.keys()],
    from,
    to,
    DIGEST_LISTED_RESPONSES,
  );
  let sent = 0;
  for (const callout of received) {
    if (callout.count === 0) continue;
    const inbox = `${ctx.config.appUrl}/admin/callouts/view/${callout.calloutId}/responses`;
    const lines = callout.responses.map((response) => `#${response.number}: ${inbox}/${response.id}`);
    if (callout.count > callout.responses.length) lines.push("…");
    for (const recipient of byCallout.get(callout.calloutId) ?? []) {
      await sendEmail(ctx, {
        templateId: "callout-response-digest",
        to: { email: recipient.email },
        contactId: recipient.contactId,
        mergeFields: {
          FNAME: recipient.firstname,
          LNAME: recipient.lastname,
          CALLOUTTITLE: callout.title ?? "",
          DIGESTDATE: day,
          RESPONSECOUNT: callout.count,
          RESPONSELIST: lines.join("\n"),
          RESPONSESLINK: inbox,
        },
      });
      sent++;
    }
  }
  return sent;
}

/** The digest of the previous day, sent by the first server copy to check after midnight (UTC). */
export const dailyDigestJob: ScheduledJob = {
  name: "callout-response-digest",
  dueAt: previousDay,
  run: async (ctx, period) => {
    await sendDailyDigests(ctx, period);
  },
};
