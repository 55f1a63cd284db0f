import type { GeocodingConfig } from "../../config.js";
import type { OutgoingFetch } from "../../lib/outgoing.js";
import type { GeocodingProvider } from "./provider.js";
import { MapTilerGeocoder } from "./maptiler.js";
import { PhotonGeocoder } from "./photon.js";

export * from "./provider.js";

/**
 * The configured provider: Photon when a URL is set, else MapTiler when a key is set, else none.
 * Its requests go through `fetch`, the guarded client of decision 054.
 */
export function createGeocodingProvider(config: GeocodingConfig, fetch: OutgoingFetch): GeocodingProvider | null {
  if (config.photonUrl) return new PhotonGeocoder(config.photonUrl, fetch);
  if (config.maptilerKey) return new MapTilerGeocoder(config.maptilerKey, fetch, config.maptilerApiUrl);
  return null;
}
