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
