import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import * as queries from "./queries.js";

/*
 * What other modules read of callouts (the join settings, the responses inbox) and ask to change
 * in them (the response counter, sample data): the callouts module owns callouts and their
 * variants and writes them for everyone (decision 083). Each call works in `ctx.db`: pass
 * `{ ...ctx, db: tx }` inside a transaction.
 */

type Ctx = Pick<AppContext, "db">;

export type { CalloutRow, VariantRow } from "./queries.js";

/** The callout with this id (a UUID) or slug. */
export function findCallout(ctx: Ctx, idOrSlug: string): Promise<queries.CalloutRow | undefined> {
  return queries.findCallout(ctx.db, idOrSlug);
}

/** The variants of these callouts, only those named in `names` when given. */
export function findVariants(ctx: Ctx, calloutIds: string[], names?: string[]): Promise<queries.VariantRow[]> {
  return queries.findVariants(ctx.db, calloutIds, names);
}

/** True when the contact reviews the callout. */
export function reviewsCallout(ctx: Ctx, contactId: string, calloutId: string): Promise<boolean> {
  return queries.reviewsCallout(ctx.db, contactId, calloutId);
}

/**
 * The part of a statement writing `count` responses that numbers them: it raises the callout's
 * counter under its row lock and answers the new last number as `last`; with `openAt`, only
 * while the callout is open then. The responses module puts it in its one statement.
 */
export function raiseResponseCounter(calloutId: SQL, count: SQL, openAt?: SQL): SQL {
  return queries.raiseResponseCounter(calloutId, count, openAt);
}

/** Sets where the callout's response numbers go on from (sample responses written with their numbers). */
export async function setLastResponseNumber(ctx: Ctx, calloutId: string, last: number): Promise<void> {
  await queries.setLastResponseNumber(ctx.db, calloutId, last);
}

/** Deletes the callouts `ids` (a query of their ids) selects, with what they hold; answers their ids. */
export function deleteCalloutsIn(ctx: Ctx, ids: SQL): Promise<string[]> {
  return queries.deleteCalloutsIn(ctx.db, ids);
}
