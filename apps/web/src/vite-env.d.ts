/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Git revision of this build, sent in the version header. */
  readonly VITE_REVISION?: string;
  /** "true" turns reviewer mode on. */
  readonly VITE_REVIEWER_MODE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** The English messages without the admin area's namespaces (see publicMessages in vite.config.ts). */
declare module "virtual:cohort/public-messages" {
  const messages: Record<string, unknown>;
  export default messages;
}
