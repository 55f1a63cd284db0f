import { sql } from "drizzle-orm";
import type { Db } from "../../db/client.js";

/** A round trip to the database, which fails when it cannot be reached. */
export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
