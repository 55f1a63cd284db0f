import { z } from "zod";
import { identityProofShape } from "../auth/index.js";
import { contactSchema, isoDateSchema } from "../contacts/schemas.js";

/** Token form: `<16 hex id>_<48 hex secret>`, as the reference issues them. */
export const API_KEY_ID_BYTES = 8;
export const API_KEY_SECRET_BYTES = 24;

export const createApiKeySchema = z
  .object({
    description: z.string().trim().min(1, { message: "This field is required" }).max(200),
    expires: isoDateSchema.nullable().optional(),
    /** The creator's current password and code (decision 051): a key outlives the session that made it. */
    ...identityProofShape,
  })
  .strict();
export type CreateApiKey = z.infer<typeof createApiKeySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  description: z.string(),
  expires: isoDateSchema.nullable(),
  createdAt: isoDateSchema,
  creator: contactSchema.nullable(),
  /** When the key last authenticated a request, to the minute; null if never. */
  lastUsed: isoDateSchema.nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** A key's last use is recorded at most this often, so a busy key does not write on every request. */
export const API_KEY_LAST_USED_INTERVAL_MS = 60_000;

export const createdApiKeySchema = z.object({ token: z.string() });

export const apiKeySortFields = ["createdAt", "expires"] as const;
