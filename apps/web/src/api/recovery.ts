import { queryOptions } from "@tanstack/react-query";
import type { PaymentFlowParams } from "@cohort/common/contributions";
import type { PaymentMethod } from "@cohort/common/payments";
import type { PaymentEpisode, PaymentEpisodeList, PaymentUpdateLink, RecoveryStats } from "@cohort/common/recovery";
import { apiRead, apiSend } from "./client";
import { appUrl, readPaymentFlowParams } from "./contribution";
import { isRecord, UnexpectedAnswerError } from "./read-body";

/**
 * Failed renewals (decision 066). Read by hand, without zod: the
 * update-payment page is opened from an email without logging in.
 */

export function readEpisode(body: unknown): PaymentEpisode {
  if (isRecord(body) && typeof body.id === "string" && typeof body.status === "string") {
    return body as PaymentEpisode;
  }
  throw new UnexpectedAnswerError("payment episode");
}

function readUpdateLink(body: unknown): PaymentUpdateLink {
  if (isRecord(body) && typeof body.firstname === "string" && isRecord(body.episode)) {
    return { ...(body as PaymentUpdateLink), episode: readEpisode(body.episode) };
  }
  throw new UnexpectedAnswerError("payment update link");
}

function readEpisodeList(body: unknown): PaymentEpisodeList {
  if (isRecord(body) && Array.isArray(body.items)) return { items: body.items.map(readEpisode) };
  throw new UnexpectedAnswerError("payment episodes");
}

function readRecoveryStats(body: unknown): RecoveryStats {
  if (isRecord(body) && Array.isArray(body.months)) return body as RecoveryStats;
  throw new UnexpectedAnswerError("recovery stats");
}

/** The page an update-payment link opens, and where a provider sends the browser back to. */
export const paymentUpdatePaths = {
  page: (linkId: string) => `/payment/update/${linkId}`,
  complete: (linkId: string) => `/payment/update/${linkId}/complete`,
};

export const recoveryKeys = {
  link: (linkId: string) => ["payment-update", linkId] as const,
  episodes: (contactId: string) => ["payment-episodes", contactId] as const,
  stats: ["stats", "recovery"] as const,
};

export function updateLinkQueryOptions(linkId: string) {
  return queryOptions({
    queryKey: recoveryKeys.link(linkId),
    queryFn: ({ signal }) => apiRead(`/payment-update/${encodeURIComponent(linkId)}`, readUpdateLink, { signal }),
    retry: false,
  });
}

/** Sets up a payment method through the link; the provider step follows. */
export async function startLinkUpdate(linkId: string, paymentMethod: PaymentMethod): Promise<PaymentFlowParams> {
  const body = { completeUrl: appUrl(paymentUpdatePaths.complete(linkId)), paymentMethod };
  return readPaymentFlowParams(await apiSend("PUT", `/payment-update/${encodeURIComponent(linkId)}`, body));
}

export async function completeLinkUpdate(linkId: string, paymentFlowId: string): Promise<PaymentEpisode> {
  const body = { paymentFlowId };
  return readEpisode(await apiSend("POST", `/payment-update/${encodeURIComponent(linkId)}/complete`, body));
}

/** A contact's failed renewals, newest first: `me` or, for admins, anyone's. */
export function episodesQueryOptions(contactId: string) {
  return queryOptions({
    queryKey: recoveryKeys.episodes(contactId),
    queryFn: ({ signal }) =>
      apiRead(`/contact/${encodeURIComponent(contactId)}/payment-episodes`, readEpisodeList, { signal }),
  });
}

/** Recovered and lost recurring revenue over the last twelve months (admins). */
export function recoveryStatsQueryOptions() {
  return queryOptions({
    queryKey: recoveryKeys.stats,
    queryFn: ({ signal }) => apiRead("/stats/recovery", readRecoveryStats, { signal, query: { months: "12" } }),
  });
}
