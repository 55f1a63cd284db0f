export {};

declare module "vitest" {
  export interface ProvidedContext {
    /** Which database the server tests run on, and where its migrated template is. */
    database: { kind: "pglite" | "postgres"; template: string };
  }
}
