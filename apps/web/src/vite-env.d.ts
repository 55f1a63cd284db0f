/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Git revision of this build, sent in the version header. */
  readonly VITE_REVISION?: string;
  /** "true" turns reviewer mode on. */
  readonly VITE_REVIEWER_MODE?: string;
  /** Public address of the site. */
  readonly VITE_APP_URL?: string;
  /** Base address of API calls (default /api/1.0). */
  readonly VITE_API_URL?: string;
  /** DSN of the error-reporting service; unset: no reports. */
  readonly VITE_ERROR_REPORTING_DSN?: string;
  /** Key of the map tiles service. */
  /** "true" turns experimental features on. */
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The English messages without the admin area's namespaces (see publicMessages in vite.config.ts). */
declare module "virtual:cohort/public-messages" {
  const messages: Record<string, unknown>;
  export default messages;
}

/** The deferred English messages of pages outside the admin area (see publicMessages in vite.config.ts). */
declare module "virtual:cohort/deferred-public-messages" {
  const messages: Record<string, unknown>;
  export default messages;
}
