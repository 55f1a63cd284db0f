import type {
  ContactMailing,
  CountRecipients,
  CreateMailing,
  Mailing,
  MailingPreview,
  MailingRecipient,
  RecipientCounts,
  RecipientStatus,
  SendMailing,
  UpdateMailing,
} from "@cohort/common/mailings";
import type { Locale } from "@cohort/common/i18n";
import { isUuid } from "@cohort/common/http";
import type { AppContext } from "../../context.js";
import type { Identity } from "../../http/auth.js";
import { AppError, notFound } from "../../http/errors.js";
import { invalidField } from "../../http/parse.js";
import { dropPendingJob, enqueueJob, wakeWorkers } from "../../jobs/queue.js";
import { setNewsletterStatus } from "../contacts/edit/service.js";
import { getGeneralContent } from "../content/service.js";
import { emailWritten, writeOutboxEmail } from "../emails/service.js";
import { composeMailing, versionFor } from "./compose.js";
import * as queries from "./queries.js";
import { recipientCondition } from "./recipients.js";
import { PREPARE_JOB, prepareJobKey } from "./sender.js";
import { contactOfToken } from "./unsubscribe-token.js";
import { changesOf, createdOf, recordActivity, removedOf } from "../activity/service.js";

const mailingNotFound = () => notFound("No email with that id");
const notEditable = () =>
  new AppError("mailing-not-editable", {
    status: 409,
    message: "This email is being sent or was sent; it can no longer be changed.",
  });
const notScheduled = () =>
  new AppError("mailing-not-scheduled", {
    status: 409,
    message: "Only an email waiting for its time can be cancelled.",
  });

async function findOr404(ctx: AppContext, id: string): Promise<queries.MailingRow> {
  const row = isUuid(id) ? await queries.findMailing(ctx.db, id) : undefined;
  if (!row) throw mailingNotFound();
  return row;
}

function present(row: queries.MailingRow, progress: queries.Progress, organisationLocale: Locale): Mailing {
  const first =
    Object.keys(row.versions).length > 0 ? versionFor(row.versions, organisationLocale, organisationLocale) : null;
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    recipients: row.recipients,
    versions: row.versions,
    subject: first?.version.subject ?? "",
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    progress,
  };
}

async function presentAll(ctx: AppContext, rows: queries.MailingRow[]): Promise<Mailing[]> {
  const [progress, general] = await Promise.all([
    queries.progressOf(
      ctx.db,
      rows.map((row) => row.id),
    ),
    getGeneralContent(ctx),
  ]);
  return rows.map((row) => present(row, progress.get(row.id)!, general.locale));
}

export async function listMailings(ctx: AppContext): Promise<{ items: Mailing[] }> {
  return { items: await presentAll(ctx, await queries.listMailings(ctx.db, 200)) };
}

export async function getMailing(ctx: AppContext, id: string): Promise<Mailing> {
  const [mailing] = await presentAll(ctx, [await findOr404(ctx, id)]);
  return mailing!;
}

/** A draft: nothing is sent until `sendMailing`. The recipients choice is checked at once. */
export async function createMailing(ctx: AppContext, identity: Identity, input: CreateMailing): Promise<Mailing> {
  await recipientCondition(ctx, input.recipients, identity.contact?.id);
  const now = ctx.clock.now();
  const row = await queries.insertMailing(ctx.db, {
    id: ctx.newId(),
    kind: input.kind,
    status: "draft",
    recipients: input.recipients,
    versions: input.versions,
    createdBy: identity.contact?.id ?? null,
    createdAt: now,
    updatedAt: now,
  });
  await recordActivity(ctx, { kind: "mailing.create", target: row.id, changes: createdOf(recordedMailing(row)) });
  return getMailing(ctx, row.id);
}

/** Drafts and scheduled emails may change; one being sent or sent may not (409 `mailing-not-editable`). */
export async function updateMailing(
  ctx: AppContext,
  identity: Identity,
  id: string,
  input: UpdateMailing,
): Promise<Mailing> {
  const before = await findOr404(ctx, id);
  if (input.recipients) await recipientCondition(ctx, input.recipients, identity.contact?.id);
  const row = await queries.updateMailingIn(ctx.db, id, ["draft", "scheduled"], {
    ...input,
    updatedAt: ctx.clock.now(),
  });
  if (!row) throw notEditable();
  await recordActivity(ctx, {
    kind: "mailing.update",
    target: id,
    changes: changesOf(recordedMailing(before), recordedMailing(row)),
  });
  return getMailing(ctx, id);
}

export async function deleteMailing(ctx: AppContext, id: string): Promise<void> {
  const before = await findOr404(ctx, id);
  if (!(await queries.deleteMailingIn(ctx.db, id, ["draft"]))) throw notEditable();
  await recordActivity(ctx, { kind: "mailing.delete", target: id, changes: removedOf(recordedMailing(before)) });
}

/** What the activity record keeps of an email to many: its kind, recipients and subjects, never its bodies. */
function recordedMailing(row: queries.MailingRow): Record<string, unknown> {
  return {
    kind: row.kind,
    recipients: row.recipients,
    subjects: Object.values(row.versions).map((version) => version?.subject ?? ""),
  };
}

/** How many contacts the choice selects, and how many a marketing email would pass over and why. */
export async function countMailingRecipients(
  ctx: AppContext,
  identity: Identity,
  input: CountRecipients,
): Promise<RecipientCounts> {
  const where = await recipientCondition(ctx, input.recipients, identity.contact?.id);
  const counts = await queries.countRecipients(ctx.db, where);
  const skipped =
    input.kind === "marketing"
      ? { unsubscribed: counts.unsubscribed, cleaned: counts.cleaned }
      : { unsubscribed: 0, cleaned: 0 };
  return { total: counts.total, willSend: counts.total - skipped.unsubscribed - skipped.cleaned, skipped };
}

/** The email as one contact would get it (or, without one, as the caller would), in a locale if asked. */
export async function previewMailing(
  ctx: AppContext,
  identity: Identity,
  id: string,
  query: { contactId?: string | undefined; email?: string | undefined; locale?: Locale | undefined },
): Promise<MailingPreview> {
  const mailing = await findOr404(ctx, id);
  const contactId = query.contactId ?? (query.email ? undefined : identity.contact?.id);
  const details = contactId
    ? await queries.findRecipientDetails(ctx.db, contactId)
    : query.email
      ? await queries.findRecipientDetails(ctx.db, undefined, query.email)
      : undefined;
  if (!details) {
    throw invalidField(
      query.email ? "email" : "contactId",
      { key: "adminMailings.preview.noContact" },
      { summary: "No such contact" },
    );
  }
  const general = await getGeneralContent(ctx);
  const composed = await composeMailing(ctx, mailing, { ...details, locale: query.locale ?? details.locale }, general);
  return {
    locale: composed.locale,
    to: details.email,
    subject: composed.subject,
    html: composed.html,
    text: composed.text,
  };
}

/** Sends the email to the caller's own address through the outbox, marked as a test. */
export async function sendTestMailing(ctx: AppContext, identity: Identity, id: string): Promise<{ to: string }> {
  const mailing = await findOr404(ctx, id);
  const me = identity.contact ? await queries.findRecipientDetails(ctx.db, identity.contact.id) : undefined;
  if (!me) {
    throw new AppError("invalid-request", {
      status: 400,
      message: "A test goes to a contact's own address; an API key has none.",
    });
  }
  const composed = await composeMailing(ctx, mailing, me, await getGeneralContent(ctx));
  const email = {
    id: ctx.newId(),
    templateId: null,
    contactId: me.id,
    toAddress: me.email,
    toName: [me.firstname, me.lastname].filter(Boolean).join(" "),
    subject: `[Test] ${composed.subject}`,
    textBody: composed.text,
    htmlBody: composed.html,
    mergeFields: {},
    createdAt: ctx.clock.now(),
  };
  await writeOutboxEmail(ctx, email);
  emailWritten(ctx, email);
  return { to: me.email };
}

/**
 * Sends now, or at `at`: the email becomes `scheduled` and a queued job
 * starts it when due (on whichever server copy takes it). The recipients are
 * chosen when it starts, so a segment's newcomers by then get it too.
 */
export async function sendMailing(
  ctx: AppContext,
  identity: Identity,
  id: string,
  input: SendMailing,
): Promise<Mailing> {
  const mailing = await findOr404(ctx, id);
  await recipientCondition(ctx, mailing.recipients, mailing.createdBy ?? identity.contact?.id);
  const now = ctx.clock.now();
  const at = input.at ? new Date(input.at) : now;
  await ctx.db.transaction(async (tx) => {
    const row = await queries.updateMailingIn(tx, id, ["draft"], {
      status: "scheduled",
      scheduledAt: at > now ? at : now,
      updatedAt: now,
    });
    if (!row) throw notEditable();
    await enqueueJob(tx, ctx, { kind: PREPARE_JOB, payload: { mailingId: id }, key: prepareJobKey(id), runAt: at });
  });
  wakeWorkers(ctx.db);
  await recordActivity(ctx, {
    kind: at > now ? "mailing.schedule" : "mailing.send",
    target: id,
    changes: changesOf(
      { status: mailing.status, scheduledAt: mailing.scheduledAt },
      { status: "scheduled", scheduledAt: at > now ? at : now },
    ),
  });
  return getMailing(ctx, id);
}

/** A scheduled email goes back to being a draft; once it has started, 409 `mailing-not-scheduled`. */
export async function cancelMailing(ctx: AppContext, id: string): Promise<Mailing> {
  const before = await findOr404(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const row = await queries.updateMailingIn(tx, id, ["scheduled"], {
      status: "draft",
      scheduledAt: null,
      updatedAt: ctx.clock.now(),
    });
    if (!row) throw notScheduled();
    await dropPendingJob(tx, prepareJobKey(id));
  });
  await recordActivity(ctx, {
    kind: "mailing.cancel",
    target: id,
    changes: changesOf(
      { status: "scheduled", scheduledAt: before.scheduledAt },
      { status: "draft", scheduledAt: null },
    ),
  });
  return getMailing(ctx, id);
}

function presentRecipient(row: queries.RecipientRow): MailingRecipient {
  return {
    contactId: row.contactId,
    email: row.email,
    status: row.status,
    reason: row.reason,
    attempts: row.attempts,
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function listMailingRecipients(
  ctx: AppContext,
  id: string,
  query: { status?: RecipientStatus | undefined; limit: number; offset: number },
) {
  await findOr404(ctx, id);
  const { items, total } = await queries.listRecipients(ctx.db, id, query);
  return { items: items.map(presentRecipient), total, offset: query.offset, count: items.length };
}

/** The emails a contact was among the recipients of. */
export async function listContactMailings(ctx: AppContext, contactId: string): Promise<{ items: ContactMailing[] }> {
  const [rows, general] = await Promise.all([queries.mailingsOfContact(ctx.db, contactId), getGeneralContent(ctx)]);
  return {
    items: rows.map(({ recipient, mailing }) => ({
      mailingId: mailing.id,
      subject: versionFor(mailing.versions, general.locale, general.locale).version.subject,
      kind: mailing.kind,
      status: recipient.status,
      reason: recipient.reason,
      sentAt: recipient.sentAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Unsubscribes the contact an unsubscribe link names, through the contacts'
 * service. Works without logging in; a second time changes nothing.
 */
export async function unsubscribe(ctx: AppContext, token: string): Promise<{ status: "unsubscribed" }> {
  const contactId = await contactOfToken(ctx, token);
  if (!contactId) {
    throw new AppError("invalid-unsubscribe-link", {
      status: 400,
      message: "This unsubscribe link is not valid. Copy the whole link from the email.",
    });
  }
  await setNewsletterStatus(ctx, contactId, "unsubscribed");
  return { status: "unsubscribed" };
}
