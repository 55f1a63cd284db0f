// Constants and zod shapes sit in separate files, so that reading a constant does not load zod.
export * from "./constants.js";
export * from "./schemas.js";
