export * from "./constants.js";
export * from "./money.js";
export * from "./fees.js";
export * from "./membership.js";
export * from "./schemas.js";
