import { sql } from "drizzle-orm";
import type { Database, Db } from "../../src/db/client.js";

/**
 * Inside a transaction that holds a lock another request needs: waits until that request is
 * waiting for it, so that a test of two writes at the same moment really has them meet. On
 * PostgreSQL that is a lock some other connection has asked for and not been granted; the
 * embedded database runs one statement at a time, so there the request simply runs after the
 * transaction and nothing is waited for.
 */
export async function untilAnotherWaitsForALock(database: Database, tx: Db): Promise<void> {
  if (database.kind !== "postgres") return;
  for (let attempt = 0; attempt < 500; attempt++) {
    const result = await tx.execute(
      sql`SELECT count(*)::int AS waiting FROM pg_locks WHERE NOT granted AND pid <> pg_backend_pid()`,
    );
    const { rows } = result as { rows: { waiting: number }[] };
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("no other connection came to wait for a lock within 5 seconds");
}
