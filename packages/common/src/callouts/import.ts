import { z } from "zod";
import { answerIssueCodes } from "../callout-form/validate.js";
import { TEXT_LIMITS } from "../http/index.js";

/**
 * Answers collected elsewhere (on paper, by phone, in another tool) imported
 * from a CSV file. The browser reads the file and sends its rows, each cell
 * under the column it was mapped to.
 */

/** Rows in one file, and in one request: the check takes the whole file, the import goes in batches. */
export const MAX_RESPONSE_IMPORT_ROWS = 10_000;
/** Columns mapped in one file. */
export const MAX_RESPONSE_IMPORT_COLUMNS = 200;
/** Characters in one cell. */
export const MAX_RESPONSE_IMPORT_CELL = 10_000;
/** Bytes of one request body, and of a file the import screen reads. */
export const RESPONSE_IMPORT_BODY_LIMIT = 16 * 1024 * 1024;

/** The column of the guest's email and of their name; every other column is `answers.<slideId>.<key>`. */
export const GUEST_EMAIL_COLUMN = "guest.email";
export const GUEST_NAME_COLUMN = "guest.name";

/** `answers.<slideId>.<key>` (a slide id may hold dots, a key never does) or a guest column. */
const columnSchema = z
  .string()
  .max(220)
  .regex(/^(answers\.[^\s]{1,100}\.[A-Za-z0-9_-]{1,100}|guest\.email|guest\.name)$/, {
    message: "Expected answers.<slideId>.<key>, guest.email or guest.name",
  });

export const importCalloutResponsesSchema = z
  .object({
    rows: z
      .array(
        z
          .record(columnSchema, z.string().max(MAX_RESPONSE_IMPORT_CELL))
          .refine((row) => Object.keys(row).length <= MAX_RESPONSE_IMPORT_COLUMNS, {
            message: `At most ${MAX_RESPONSE_IMPORT_COLUMNS} columns`,
          }),
      )
      .min(1)
      .max(MAX_RESPONSE_IMPORT_ROWS),
    /** Check only: say what would be imported and what refused, and write nothing. */
    dryRun: z.boolean().default(false),
  })
  .strict();
export type ImportCalloutResponses = z.infer<typeof importCalloutResponsesSchema>;

/**
 * Why a row is refused: an answer issue of the validator (as the respond
 * route refuses it), or a guest detail that is no email / too long.
 */
export const responseImportReasons = answerIssueCodes;
export type ResponseImportReason = (typeof responseImportReasons)[number];

export const responseImportErrorSchema = z.object({
  /** 1-based number of the data row (the header is not counted). */
  row: z.number().int(),
  /** The column, or `answers.<slideId>` when a whole slide does not belong to the row's path. */
  column: z.string(),
  reason: z.enum(responseImportReasons),
  /** The limit broken, as the validator gives it (`maxLength` 10, `min` 0…). */
  params: z
    .object({ min: z.union([z.number(), z.string()]), max: z.union([z.number(), z.string()]) })
    .partial()
    .optional(),
});
export type ResponseImportError = z.infer<typeof responseImportErrorSchema>;

export const responseImportResultSchema = z.object({
  /** Rows imported as responses (or, in a dry run, that would be). */
  imported: z.number().int(),
  /** Rows refused; each has at least one entry in `errors`. */
  skipped: z.number().int(),
  errors: z.array(responseImportErrorSchema),
});
export type ResponseImportResult = z.infer<typeof responseImportResultSchema>;

/** Guest names kept on a response are as long as a first and last name together. */
export const IMPORTED_GUEST_NAME_MAX = TEXT_LIMITS.name * 2 + 1;
