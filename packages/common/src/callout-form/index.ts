export * from "./model.js";
export * from "./conditional.js";
export * from "./navigation.js";
export * from "./dates.js";
export * from "./validate.js";
export {
  MAX_SIGNATURE_LENGTH,
  countWords,
  hasAtMostTwoDecimals,
  isEmail,
  isGeoPoint,
  isPhoneNumber,
  isUrl,
} from "./validate-rules.js";
export * from "./display.js";
export * from "./translate.js";
export * from "./privacy.js";
export * from "./text-answers.js";
