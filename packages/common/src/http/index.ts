// Constants and zod shapes sit in separate files, so that reading a constant does not load zod.
export * from "./constants.js";
export * from "./embedding.js";
export * from "./ids.js";
export * from "./input.js";
export * from "./limits.js";
export * from "./page-reads.js";
export * from "./schemas.js";
export * from "./trusted-links.js";
export * from "./url-rules.js";
export * from "./urls.js";
