export {};

declare module "vitest" {
  export interface ProvidedContext {
    /** Which database the server tests run on, and where its migrated template is. */
    database:
      | { kind: "postgres"; template: string }
      /** `templateDir`: the same migrated database as a data folder, for a server started in a process of its own. */
      | { kind: "pglite"; template: string; templateDir: string };
  }
}
