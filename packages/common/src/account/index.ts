import { z } from "zod";

/**
 * The member's own data export: `json` is one file with every record as
 * stored; `zip` holds one readable CSV file per section.
 */
export const accountExportFormats = ["json", "zip"] as const;
export type AccountExportFormat = (typeof accountExportFormats)[number];

export const accountExportQuerySchema = z.object({ format: z.enum(accountExportFormats).default("json") }).strict();
export type AccountExportQuery = z.infer<typeof accountExportQuerySchema>;

/** The sections of an export, in the order the files list them. */
export const accountExportSections = [
  "profile",
  "roles",
  "tags",
  "contribution",
  "payments",
  "callout-responses",
  "comments",
] as const;
export type AccountExportSection = (typeof accountExportSections)[number];

/** The download's file name without its extension, e.g. `my-data-2026-05-01`. */
export function accountExportBaseName(now: Date): string {
  return `my-data-${now.toISOString().slice(0, 10)}`;
}
