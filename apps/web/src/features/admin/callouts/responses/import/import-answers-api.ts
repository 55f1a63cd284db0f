import type { ResponseImportResult } from "@cohort/common/callouts";
import { responseImportResultSchema } from "@cohort/common/callouts";
import { apiSend } from "../../../../../api/client";
import type { AnswerImportRow } from "./import-targets";

/** Checks (dryRun) or imports rows of answers; the answer counts what was, or would be, imported and refused. */
export async function importAnswers(
  calloutId: string,
  rows: AnswerImportRow[],
  dryRun: boolean,
): Promise<ResponseImportResult> {
  const path = `/callout/${encodeURIComponent(calloutId)}/responses/import`;
  return responseImportResultSchema.parse(await apiSend("POST", path, { rows, dryRun }));
}
