import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { paginatedSchema } from "@cohort/common/http";
import type { CreateWebhookEndpoint, UpdateWebhookEndpoint, WebhookEndpoint } from "@cohort/common/webhooks";
import {
  createdWebhookEndpointSchema,
  webhookDeliverySchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from "@cohort/common/webhooks";
import { apiGet, apiSend } from "./client";

export const webhookKeys = {
  endpoints: ["webhooks", "endpoints"] as const,
  deliveries: (endpointId: string) => ["webhooks", "deliveries", endpointId] as const,
};

export const webhookEndpointsQueryOptions = queryOptions({
  queryKey: webhookKeys.endpoints,
  queryFn: ({ signal }): Promise<WebhookEndpoint[]> =>
    apiGet("/webhook-endpoint", z.array(webhookEndpointSchema), { signal }),
});

export const webhookDeliveriesQueryOptions = (endpointId: string) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ signal }) =>
      apiGet(
        `/webhook-endpoint/${encodeURIComponent(endpointId)}/delivery?limit=50&order=DESC`,
        paginatedSchema(webhookDeliverySchema),
        {
          signal,
        },
      ),
  });

export async function createWebhookEndpoint(input: CreateWebhookEndpoint) {
  return createdWebhookEndpointSchema.parse(await apiSend("POST", "/webhook-endpoint", input));
}

export async function updateWebhookEndpoint(id: string, changes: UpdateWebhookEndpoint): Promise<WebhookEndpoint> {
  return webhookEndpointSchema.parse(await apiSend("PATCH", `/webhook-endpoint/${encodeURIComponent(id)}`, changes));
}

export async function deleteWebhookEndpoint(id: string): Promise<void> {
  await apiSend("DELETE", `/webhook-endpoint/${encodeURIComponent(id)}`);
}

export async function rotateWebhookSecret(id: string): Promise<string> {
  return webhookSecretSchema.parse(await apiSend("POST", `/webhook-endpoint/${encodeURIComponent(id)}/secret`)).secret;
}

export async function sendWebhookTest(id: string): Promise<void> {
  await apiSend("POST", `/webhook-endpoint/${encodeURIComponent(id)}/test`);
}

export async function resendWebhookDelivery(endpointId: string, deliveryId: string): Promise<void> {
  await apiSend(
    "POST",
    `/webhook-endpoint/${encodeURIComponent(endpointId)}/delivery/${encodeURIComponent(deliveryId)}/resend`,
  );
}
