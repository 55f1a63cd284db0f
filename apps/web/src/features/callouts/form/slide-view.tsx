import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AnswerIssue, FormComponent, FormSlide, SlideAnswers } from "@cohort/common/callout-form";
import { ComponentList } from "./component-list";
import type { AnswerUpdate, FileUploader, SlideContextValue } from "./form-context";
import { SlideContext } from "./form-context";
import { issueText } from "./issue-text";

export interface SlideViewProps {
  slide: FormSlide;
  answers: SlideAnswers;
  visible: ReadonlySet<FormComponent>;
  idPrefix: string;
  translate: (text: string) => string;
  textLang?: string | undefined;
  isReadOnly: boolean;
  uploadFile: FileUploader;
  shownIssue: (key: string) => AnswerIssue | undefined;
  setAnswer: (key: string, value: AnswerUpdate) => void;
  touch: (key: string) => void;
  reportBusy: (key: string, isBusy: boolean) => void;
  attempt: number;
  firstErrorKey: string | undefined;
  children?: ReactNode;
}

/** The components of one slide, sharing the slide's answers and errors. */
export function SlideView({ slide, idPrefix, shownIssue, children, ...shared }: SlideViewProps) {
  const { t } = useTranslation();
  const context: SlideContextValue = {
    ...shared,
    errorFor: (key) => {
      const issue = shownIssue(key);
      return issue ? issueText(t, issue) : undefined;
    },
    fieldId: (key) => `${idPrefix}-${slide.id}-${key}`,
  };
  return (
    <SlideContext value={context}>
      <ComponentList components={slide.components} />
      {children}
    </SlideContext>
  );
}
