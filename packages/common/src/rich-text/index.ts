export * from "./rules.js";
export * from "./text.js";
