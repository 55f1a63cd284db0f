import type { AppContext } from "../../context.js";
import { pingDatabase } from "./queries.js";

/** Throws when the database does not answer, so the health check fails. */
export async function checkDatabase(ctx: AppContext): Promise<void> {
  await pingDatabase(ctx.db);
}
