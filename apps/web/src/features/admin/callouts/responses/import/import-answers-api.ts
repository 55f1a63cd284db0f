import type { ResponseImportResult } from "@cohort/common/callouts";
import { responseImportResultSchema } from "@cohort/common/callouts";
import { apiSend } from "../../../../../api/client";
import { newIdempotencyKey, sendOnce } from "../../../../../api/idempotent-send";
import type { AnswerImportRow } from "./import-targets";

const importPath = (calloutId: string) => `/callout/${encodeURIComponent(calloutId)}/responses/import`;

/** Checks rows without importing anything; the answer counts what would be imported and refused. */
export async function checkAnswers(calloutId: string, rows: AnswerImportRow[]): Promise<ResponseImportResult> {
  return responseImportResultSchema.parse(await apiSend("POST", importPath(calloutId), { rows, dryRun: true }));
}

/**
 * Imports one batch of rows. The batch has its own `Idempotency-Key`, so when the connection drops
 * and it is sent again, the server answers with the first import instead of importing it twice.
 */
export async function importAnswers(calloutId: string, rows: AnswerImportRow[]): Promise<ResponseImportResult> {
  const answer = await sendOnce("POST", importPath(calloutId), { rows, dryRun: false }, newIdempotencyKey());
  return responseImportResultSchema.parse(answer);
}
