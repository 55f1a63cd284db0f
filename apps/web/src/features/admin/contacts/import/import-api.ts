import type { ImportResult } from "@cohort/common/contacts";
import { importResultSchema } from "@cohort/common/contacts";
import type { RuleGroup } from "@cohort/common/filters";
import { apiSend, apiUrl } from "../../../../api/client";
import type { ImportRow } from "./import-mapping";

/** Checks (dryRun) or imports the rows; the answer counts what happened or would happen. */
export async function importContacts(rows: ImportRow[], dryRun: boolean): Promise<ImportResult> {
  return importResultSchema.parse(await apiSend("POST", "/contact/import", { rows, dryRun }));
}

/** Where the CSV of the contacts matching the rules downloads from. */
export function contactsCsvUrl(rules: RuleGroup | undefined): string {
  return apiUrl("/contact.csv", { rules: rules && rules.rules.length > 0 ? JSON.stringify(rules) : undefined });
}
