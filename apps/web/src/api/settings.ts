import { queryOptions } from "@tanstack/react-query";
import type { ApiKey, CreateApiKey } from "@cohort/common/api-keys";
import { apiKeySchema, createdApiKeySchema } from "@cohort/common/api-keys";
import type { EmailContent, GeneralContent, PaymentContent, UpdateGeneralContent } from "@cohort/common/content";
import { emailContentSchema, generalContentSchema, paymentContentSchema } from "@cohort/common/content";
import type { MapSettings, UpdateMapSettings } from "@cohort/common/geocoding";
import { MAP_SETTINGS_PATH, mapSettingsSchema } from "@cohort/common/geocoding";
import { paginatedSchema } from "@cohort/common/http";
import type { SampleDataSummary } from "@cohort/common/setup";
import { sampleDataSummarySchema } from "@cohort/common/setup";
import { apiGet, apiSend } from "./client";

/** The admin's settings screens read the full, checked settings (the public reader is lenient). */
export const settingsKeys = {
  general: ["settings", "general"] as const,
  email: ["settings", "email"] as const,
  payment: ["settings", "payment"] as const,
  apiKeys: ["settings", "api-keys"] as const,
  sampleData: ["settings", "sample-data"] as const,
  maps: ["settings", "maps"] as const,
};

/** Settings → Maps (decision 057): the keys are written, never read back. */
export const mapSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.maps,
  queryFn: ({ signal }): Promise<MapSettings> => apiGet(MAP_SETTINGS_PATH, mapSettingsSchema, { signal }),
});

export async function updateMapSettings(changes: UpdateMapSettings): Promise<MapSettings> {
  return mapSettingsSchema.parse(await apiSend("PATCH", MAP_SETTINGS_PATH, changes));
}

export const generalSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.general,
  queryFn: ({ signal }): Promise<GeneralContent> => apiGet("/content/general", generalContentSchema, { signal }),
});

export async function updateGeneralSettings(changes: UpdateGeneralContent): Promise<GeneralContent> {
  return generalContentSchema.parse(await apiSend("PATCH", "/content/general", changes));
}

export const emailSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.email,
  queryFn: ({ signal }): Promise<EmailContent> => apiGet("/content/email", emailContentSchema, { signal }),
});

export async function updateEmailSettings(
  changes: Pick<Partial<EmailContent>, "supportEmail" | "supportEmailName">,
): Promise<EmailContent> {
  return emailContentSchema.parse(await apiSend("PATCH", "/content/email", changes));
}

export const paymentSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.payment,
  queryFn: ({ signal }): Promise<PaymentContent> => apiGet("/content/payment", paymentContentSchema, { signal }),
});

export async function updatePaymentSettings(
  changes: Pick<
    Partial<PaymentContent>,
    "taxRateEnabled" | "taxRate" | "cancellationReasons" | "pausedStaysMember" | "paymentGraceDays"
  >,
): Promise<PaymentContent> {
  return paymentContentSchema.parse(await apiSend("PATCH", "/content/payment", changes));
}

const apiKeyListSchema = paginatedSchema(apiKeySchema);

/** Every API key, newest first (an organisation has a handful). */
export const apiKeysQueryOptions = queryOptions({
  queryKey: settingsKeys.apiKeys,
  queryFn: async ({ signal }): Promise<ApiKey[]> =>
    (await apiGet("/api-key", apiKeyListSchema, { signal, query: { limit: 100, sort: "createdAt", order: "DESC" } }))
      .items,
});

/** Answers the token, which is shown this once only. */
export async function createApiKey(input: CreateApiKey): Promise<string> {
  return createdApiKeySchema.parse(await apiSend("POST", "/api-key", input)).token;
}

export async function revokeApiKey(id: string): Promise<void> {
  await apiSend("DELETE", `/api-key/${encodeURIComponent(id)}`);
}

/** What the sample data has left, for the confirmation that says what removing it deletes. */
export const sampleDataQueryOptions = queryOptions({
  queryKey: settingsKeys.sampleData,
  queryFn: ({ signal }): Promise<SampleDataSummary> =>
    apiGet("/setup/sample-data", sampleDataSummarySchema, { signal }),
});

export async function removeSampleData(): Promise<SampleDataSummary> {
  return sampleDataSummarySchema.parse(await apiSend("DELETE", "/setup/sample-data"));
}

/** Loads the sample data again (nothing while some is left); answers what there is now. */
export async function loadSampleData(): Promise<SampleDataSummary> {
  return sampleDataSummarySchema.parse(await apiSend("POST", "/setup/sample-data"));
}
