import type { GeneralContent, UpdateGeneralContent } from "@cohort/common/content";
import { currencySymbol, defaultGeneralContent, updateGeneralContentSchema } from "@cohort/common/content";
import type { AppContext } from "../../context.js";
import * as queries from "./queries.js";

/**
 * Stored settings over the defaults. A stored value that no longer passes the
 * schema (say, after an upgrade) falls back to its default instead of failing.
 */
async function storedGeneral(ctx: AppContext): Promise<UpdateGeneralContent> {
  const stored = (await queries.findContent(ctx.db, "general")) ?? {};
  const result: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stored)) {
    const parsed = updateGeneralContentSchema.safeParse({ [key]: value });
    if (parsed.success) Object.assign(result, parsed.data);
  }
  return result;
}

export async function getGeneralContent(ctx: AppContext): Promise<GeneralContent> {
  const code = ctx.config.currencyCode;
  return {
    ...defaultGeneralContent,
    ...(await storedGeneral(ctx)),
    currencyCode: code,
    currencySymbol: currencySymbol(code),
  };
}

export async function updateGeneralContent(ctx: AppContext, changes: UpdateGeneralContent): Promise<GeneralContent> {
  const merged = { ...(await storedGeneral(ctx)), ...changes };
  await queries.saveContent(ctx.db, "general", merged, ctx.clock.now());
  return getGeneralContent(ctx);
}
