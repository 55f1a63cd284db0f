import { useCallback, useId } from "react";
import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import { translateText, visibleComponents } from "@cohort/common/callout-form";
import { SlideView } from "./slide-view";

const noIssue = () => undefined;
const ignore = () => undefined;
const noUpload = () => Promise.reject(new Error("A read-only form uploads nothing"));

interface ReadOnlyFormProps {
  form: CalloutForm;
  answers: CalloutAnswers;
  /** The `lang` of the form's own texts, when they are in another language than the page. */
  textLang?: string | undefined;
}

/** The answered slides one under the other, nothing to change: someone's response. */
export function ReadOnlyForm({ form, answers, textLang }: ReadOnlyFormProps) {
  const idPrefix = useId();
  const translate = useCallback((text: string) => translateText(text, form.componentText), [form.componentText]);
  const slides = form.slides.filter((slide) => Object.hasOwn(answers, slide.id));
  return (
    <div className="space-y-8">
      {(slides.length > 0 ? slides : form.slides).map((slide) => {
        const slideAnswers = answers[slide.id] ?? {};
        return (
          <div key={slide.id} className="space-y-6">
            <SlideView
              slide={slide}
              answers={slideAnswers}
              visible={new Set(visibleComponents(slide.components, slideAnswers))}
              idPrefix={idPrefix}
              translate={translate}
              textLang={textLang}
              isReadOnly
              uploadFile={noUpload}
              shownIssue={noIssue}
              setAnswer={ignore}
              touch={ignore}
              reportBusy={ignore}
              attempt={0}
              firstErrorKey={undefined}
            />
          </div>
        );
      })}
    </div>
  );
}
