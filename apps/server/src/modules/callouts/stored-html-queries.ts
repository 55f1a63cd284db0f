import { and, asc, eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { callouts, calloutVariants } from "../../db/schema/index.js";

/** One callout with its variants, by id order after `afterId`: the upgrade walks them one at a time. */
export async function findNextCallout(db: Db, afterId: string | null) {
  const [callout] = await db
    .select({ id: callouts.id, image: callouts.image, formSchema: callouts.formSchema })
    .from(callouts)
    .where(afterId === null ? undefined : gt(callouts.id, afterId))
    .orderBy(asc(callouts.id))
    .limit(1);
  if (!callout) return undefined;
  const variants = await db.select().from(calloutVariants).where(eq(calloutVariants.calloutId, callout.id));
  return { callout, variants };
}

export async function updateCalloutStoredHtml(
  db: Db,
  id: string,
  changes: Partial<Pick<typeof callouts.$inferInsert, "image" | "formSchema">>,
): Promise<void> {
  await db.update(callouts).set(changes).where(eq(callouts.id, id));
}

export async function updateVariantStoredHtml(
  db: Db,
  key: { calloutId: string; name: string },
  changes: Partial<
    Pick<typeof calloutVariants.$inferInsert, "intro" | "thanksText" | "thanksRedirect" | "componentText">
  >,
): Promise<void> {
  await db
    .update(calloutVariants)
    .set(changes)
    .where(and(eq(calloutVariants.calloutId, key.calloutId), eq(calloutVariants.name, key.name)));
}
