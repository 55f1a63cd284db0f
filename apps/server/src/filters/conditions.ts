import { and, sql, type SQL } from "drizzle-orm";

/*
 * The few generic conditions services combine (a compiled rule group, who may
 * see what) without writing SQL themselves: SQL stays in queries files and here.
 */

/** Matches every row. */
export const matchAll = (): SQL => sql`TRUE`;

/** Matches no row. */
export const matchNone = (): SQL => sql`FALSE`;

/** The condition in brackets, so it can be ANDed with anything. */
export const grouped = (condition: SQL): SQL => sql`(${condition})`;

/** The conditions joined by AND as they are; none at all matches every row. */
export const allOf = (conditions: readonly SQL[]): SQL =>
  conditions.length > 0 ? sql.join([...conditions], sql` AND `) : matchAll();

/** The conditions each in brackets and joined by AND, skipping undefined ones; none at all is undefined. */
export const allOfGrouped = (...conditions: (SQL | undefined)[]): SQL | undefined => and(...conditions);
