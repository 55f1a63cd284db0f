export * from "./constants.js";
export * from "./filters.js";
export * from "./schemas.js";
