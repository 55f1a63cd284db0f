/**
 * The respondent's renderer of callout forms. The admin builder shows its
 * preview with it; keep these exports stable.
 */
export { CalloutFormRenderer } from "./callout-form-renderer";
export type { CalloutFormRendererProps } from "./callout-form-renderer";
export type { FileUploader } from "./form-context";
export type { FormProgress } from "./use-form-walk";
