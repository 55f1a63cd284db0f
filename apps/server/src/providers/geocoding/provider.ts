import type { GeocodeFeature } from "@cohort/common/geocoding";
import { outgoingFailure, type OutgoingFetch } from "../../lib/outgoing.js";

export interface GeocodeSearch {
  query: string;
  /** Lower-case ISO 3166-1 alpha-2 codes; empty means anywhere. */
  countries: string[];
  language?: string | undefined;
  limit: number;
}

export interface GeocodeReverse {
  lng: number;
  lat: number;
  language?: string | undefined;
}

/**
 * Turns text into places and points into places. Every provider answers in
 * the same shape; a provider that cannot be reached throws
 * {@link GeocoderUnreachable}.
 */
export interface GeocodingProvider {
  readonly name: string;
  search(input: GeocodeSearch): Promise<GeocodeFeature[]>;
  reverse(input: GeocodeReverse): Promise<GeocodeFeature[]>;
}

/** The provider did not answer, or answered with something other than its usual places. */
export class GeocoderUnreachable extends Error {
  constructor(provider: string, reason: string) {
    super(`${provider} geocoder unreachable: ${reason}`);
    this.name = "GeocoderUnreachable";
  }
}

/** How long a provider may take before the reader is told search is unavailable. */
export const GEOCODER_TIMEOUT_MS = 5000;

/**
 * GETs JSON from a provider through the guarded client (decision 054) with a
 * time limit; any failure, a refused address included, becomes {@link GeocoderUnreachable}.
 */
export async function fetchProviderJson(
  fetch: OutgoingFetch,
  provider: string,
  url: URL,
  timeoutMs = GEOCODER_TIMEOUT_MS,
): Promise<unknown> {
  let response: Awaited<ReturnType<OutgoingFetch>>;
  try {
    response = await fetch(url, {
      headers: { accept: "application/json" },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (error) {
    throw new GeocoderUnreachable(provider, outgoingFailure(error));
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw new GeocoderUnreachable(provider, `status ${response.status}`);
  }
  try {
    return await response.json();
  } catch {
    throw new GeocoderUnreachable(provider, "answer is not JSON");
  }
}
