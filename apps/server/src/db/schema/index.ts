export * from "./contacts.js";
export * from "./auth.js";
export * from "./content.js";
export * from "./payments.js";
export * from "./segments.js";
export * from "./callouts.js";
export * from "./emails.js";
