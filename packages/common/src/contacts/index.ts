export * from "./constants.js";
export * from "./schemas.js";
export * from "./rules.js";
export * from "./csv.js";
export * from "./import.js";
