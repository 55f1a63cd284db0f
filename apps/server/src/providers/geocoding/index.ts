import type { GeocodingConfig } from "../../config.js";
import type { GeocodingProvider } from "./provider.js";
import { MapTilerGeocoder } from "./maptiler.js";
import { PhotonGeocoder } from "./photon.js";

export * from "./provider.js";

/** The configured provider: Photon when a URL is set, else MapTiler when a key is set, else none. */
export function createGeocodingProvider(config: GeocodingConfig): GeocodingProvider | null {
  if (config.photonUrl) return new PhotonGeocoder(config.photonUrl);
  if (config.maptilerKey) return new MapTilerGeocoder(config.maptilerKey, config.maptilerApiUrl);
  return null;
}
