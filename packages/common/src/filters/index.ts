export * from "./grammar.js";
export * from "./fields.js";
export * from "./dates.js";
export * from "./validate.js";
export * from "./contacts.js";
