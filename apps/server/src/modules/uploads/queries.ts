import { and, count, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { FormComponent } from "@cohort/common/callout-form";
import { isInputComponent, isPublicAnswer } from "@cohort/common/callout-form";
import { chunks } from "../../db/chunks.js";
import type { Db } from "../../db/client.js";
import { calloutResponses, calloutReviewers, callouts, uploadedFiles, uploadFlows } from "../../db/schema/index.js";

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;

export async function insertUploadFlow(db: Db, flow: typeof uploadFlows.$inferInsert): Promise<void> {
  await db.insert(uploadFlows).values(flow);
}

/** Flows started from one address since `since`. */
export async function countUploadFlowsSince(db: Db, ipAddress: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(uploadFlows)
    .where(and(eq(uploadFlows.ipAddress, ipAddress), gt(uploadFlows.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Marks a flow used when it is unused and was created after `createdAfter`;
 * true when this call won. One statement, so only one request can claim a flow.
 */
export async function claimUploadFlow(db: Db, id: string, now: Date, createdAfter: Date): Promise<boolean> {
  const rows = await db
    .update(uploadFlows)
    .set({ usedAt: now })
    .where(and(eq(uploadFlows.id, id), isNull(uploadFlows.usedAt), gt(uploadFlows.createdAt, createdAfter)))
    .returning({ id: uploadFlows.id });
  return rows.length > 0;
}

export async function insertUploadedFile(db: Db, file: typeof uploadedFiles.$inferInsert): Promise<void> {
  await db.insert(uploadedFiles).values(file);
}

/** The input component of the form with this key, at any depth of the slide. */
const ANSWER_COMPONENT_PATH = "$.slides[*] ? (@.id == $slide).components.** ? (@.key == $key && exists(@.type))";

export interface ServedFileRow extends UploadedFileRow {
  /** Set when the file is in an answer: whose response it is, and whether that answer is kept from the public. */
  answer: { calloutId: string; contactId: string | null; isPrivate: boolean; callerReviews: boolean } | null;
}

/**
 * A stored file with what deciding who may get it needs: the response and
 * callout of the answer it is in, whether that component's answers are
 * private in the form as it is now, and whether the caller reviews that callout.
 */
export async function findServedFile(db: Db, id: string, callerId: string | null): Promise<ServedFileRow | undefined> {
  const [row] = await db
    .select({
      file: uploadedFiles,
      calloutId: calloutResponses.calloutId,
      contactId: calloutResponses.contactId,
      component: sql<FormComponent | null>`jsonb_path_query_first(${callouts.formSchema}, ${ANSWER_COMPONENT_PATH}::jsonpath,
        jsonb_build_object('slide', ${uploadedFiles.answerSlideId}::text, 'key', ${uploadedFiles.answerKey}::text))`,
      callerReviews: callerId
        ? sql<boolean>`exists (select 1 from ${calloutReviewers} where ${calloutReviewers.calloutId} = ${calloutResponses.calloutId}
            and ${calloutReviewers.contactId} = ${callerId})`
        : sql<boolean>`false`,
    })
    .from(uploadedFiles)
    .leftJoin(calloutResponses, eq(calloutResponses.id, uploadedFiles.responseId))
    .leftJoin(callouts, eq(callouts.id, calloutResponses.calloutId))
    .where(eq(uploadedFiles.id, id));
  if (!row) return undefined;
  const { file, calloutId, contactId, component, callerReviews } = row;
  // The one rule of the public map and gallery (decision 053); a file of a component no longer in the form stays as it was.
  const isPrivate = component !== null && isInputComponent(component) && !isPublicAnswer(component);
  return { ...file, answer: calloutId ? { calloutId, contactId, isPrivate, callerReviews } : null };
}

/**
 * Records that a response's answer refers to a file. The first response to
 * refer to a file keeps it: another response naming the same file later
 * changes nothing, so nobody can take over a file by copying its address.
 */
export async function linkFileToAnswer(
  db: Db,
  link: { fileId: string; responseId: string; slideId: string; key: string },
): Promise<void> {
  await db
    .update(uploadedFiles)
    .set({ responseId: link.responseId, answerSlideId: link.slideId, answerKey: link.key })
    .where(
      and(
        eq(uploadedFiles.id, link.fileId),
        or(isNull(uploadedFiles.responseId), eq(uploadedFiles.responseId, link.responseId)),
      ),
    );
}

/** Writes the records of files stored elsewhere (the sample answers'). */
export async function insertFileRecords(db: Db, rows: (typeof uploadedFiles.$inferInsert)[]): Promise<void> {
  for (const part of chunks(rows)) await db.insert(uploadedFiles).values(part);
}
