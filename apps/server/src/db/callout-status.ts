import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { callouts } from "./schema/index.js";

/**
 * SQL condition: the callout is open at `at`, a timestamptz. The rule `calloutStatus` (common)
 * applies in code: started, and not yet expired. Every statement that asks "open now?" uses this
 * one: the callout filter's status, the response counter and the answer's overwrite.
 */
export function calloutOpenAt(at: SQLWrapper): SQL {
  return sql`(${callouts.starts} <= ${at} AND (${callouts.expires} IS NULL OR ${callouts.expires} >= ${at}))`;
}
