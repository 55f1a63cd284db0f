import { createContext, useContext } from "react";
import type { Answer, FileAnswer, FormComponent, SlideAnswers } from "@cohort/common/callout-form";

/** Sends one file, reporting progress from 0 to 1, and answers what the form stores for it. */
export type FileUploader = (
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<FileAnswer>;

export type AnswerUpdate = Answer | undefined | ((previous: Answer | undefined) => Answer | undefined);

/** What the components of one slide share. */
export interface SlideContextValue {
  answers: SlideAnswers;
  /** The components the respondent sees, given the answers so far. */
  visible: ReadonlySet<FormComponent>;
  /** Sets an answer, or changes the latest one (uploads finish after other changes). */
  setAnswer: (key: string, value: AnswerUpdate) => void;
  /** The person has been through the field: its errors show from now on. */
  touch: (key: string) => void;
  /** The error to show now, if any. */
  errorFor: (key: string) => string | undefined;
  /** The DOM id of a component's control. */
  fieldId: (key: string) => string;
  /** A form text in the respondent's language. */
  translate: (text: string) => string;
  /** The `lang` of the form's own texts (labels, options, content), when it is not the page's. */
  textLang?: string | undefined;
  isReadOnly: boolean;
  uploadFile: FileUploader;
  /** A component has work under way (an upload): the slide cannot be left until it ends. */
  reportBusy: (key: string, isBusy: boolean) => void;
  /** Counts the failed attempts to leave the slide, so tabs can open the pane with the first error. */
  attempt: number;
  firstErrorKey: string | undefined;
}

export const SlideContext = createContext<SlideContextValue | null>(null);

export function useSlideContext(): SlideContextValue {
  const value = useContext(SlideContext);
  if (!value) throw new Error("Form components render inside a slide");
  return value;
}
