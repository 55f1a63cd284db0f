export * from "./constants.js";
export * from "./rules.js";
export * from "./schemas.js";
export * from "./filters.js";
export * from "./images.js";
export * from "./notifications.js";
export * from "./default-texts.js";
export * from "./summary.js";
