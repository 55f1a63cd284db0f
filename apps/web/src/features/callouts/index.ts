/**
 * What other features use of callouts: the respondent's form renderer (the admin
 * builder's preview, the inbox and the join survey show forms with it) and what it
 * takes to send a form: who may answer, the proof-of-work check and the refusals (and the
 * words for a refused answer, which the answers import shows too); and
 * what Settings → Maps and the admin's callout pages use of the maps: the public map
 * settings, the links of a callout's map and gallery, and the preview map (MapLibre
 * loads only when it shows).
 */
export type { CalloutFormRendererProps, FileUploader } from "./form";
export { CalloutFormRenderer } from "./form";
export { CaptchaStatus } from "./components/captcha-status";
export { answerState } from "./hooks/answer-state";
export { submitErrorKey } from "./hooks/submit-error";
export { issueText } from "./form/issue-text";
export { useCaptcha } from "./hooks/use-captcha";
export { mapConfigQueryOptions, mapKeys } from "./map/map-api";
export { responseViewPaths } from "./components/response-view-links";
export { LazyMapPreview, LazyPointsMap } from "./map/lazy-map-preview";
export { mapStyleUrl } from "./map/map-api";
