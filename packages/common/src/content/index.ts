// Constants, zod shapes and rules sit in separate files, so that the app shell reads the
// defaults without loading zod.
export * from "./constants.js";
export * from "./schemas.js";
export * from "./rules.js";
export * from "./join-constants.js";
export * from "./join-schemas.js";
export * from "./settings-constants.js";
export * from "./settings-schemas.js";
