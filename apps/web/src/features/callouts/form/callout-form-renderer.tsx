import type { ReactNode } from "react";
import { useCallback, useEffect, useId, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import { translateText } from "@cohort/common/callout-form";
import type { FileUploader } from "./form-context";
import { ReadOnlyForm } from "./read-only-form";
import { SlideNavigation } from "./slide-navigation";
import { SlideView } from "./slide-view";
import { uploadCalloutFile } from "./upload-file";
import type { FormProgress } from "./use-form-walk";
import { useFormWalk } from "./use-form-walk";

export interface CalloutFormRendererProps {
  form: CalloutForm;
  /** Answers to start from (an earlier response); else the components' default values. */
  answers?: CalloutAnswers;
  /** The slides gone through before (a kept draft): the form starts on the last of them. */
  startPath?: readonly string[] | undefined;
  /** Told the answers and the path as they start and after each change. */
  onProgress?: ((progress: FormProgress) => void) | undefined;
  /** Receives the answers of the slides the respondent went through. */
  onSubmit?: (answers: CalloutAnswers) => void | Promise<void>;
  /** Every answered slide at once, nothing to change. */
  readOnly?: boolean;
  /** Walks through the slides like a respondent, but cannot submit. */
  preview?: boolean;
  /** Shown on the last slide above its buttons: contact details, newsletter, captcha. */
  finalStep?: ReactNode;
  /** Checks what `finalStep` holds before submitting; false keeps the respondent on the slide. */
  canSubmit?: () => boolean;
  isSubmitting?: boolean;
  /** A message about the last failed submit, shown above the buttons. */
  submitError?: ReactNode;
  /** Sends files of file components; the public upload flow unless given. */
  uploadFile?: FileUploader;
  /** The `lang` of the form's own texts, when they are in another language than the page. */
  textLang?: string | undefined;
}

/** Moves focus to a field's control, or the first control inside it. */
function focusField(id: string) {
  const element = document.getElementById(id);
  const target = element?.matches("input, select, textarea, canvas, button")
    ? element
    : element?.querySelector<HTMLElement>("input, select, textarea, button");
  target?.focus();
}

/**
 * Cohort's own renderer of callout forms: one slide at a time with a
 * progress bar, Back and Next, branching, conditional components and
 * per-field errors. The admin builder shows its preview with it too.
 */
export function CalloutFormRenderer(props: CalloutFormRendererProps) {
  if (props.readOnly) {
    return <ReadOnlyForm form={props.form} answers={props.answers ?? {}} textLang={props.textLang} />;
  }
  return <SlideWalk {...props} />;
}

function SlideWalk({
  form,
  answers,
  startPath,
  onProgress,
  onSubmit,
  preview = false,
  finalStep,
  canSubmit,
  isSubmitting = false,
  submitError,
  uploadFile = uploadCalloutFile,
  textLang,
}: CalloutFormRendererProps) {
  const { t } = useTranslation();
  const idPrefix = useId();
  const walk = useFormWalk(form, answers, startPath);
  const stepRef = useRef<HTMLDivElement>(null);
  const translate = useCallback((text: string) => translateText(text, form.componentText), [form.componentText]);
  const slide = walk.slide;
  const slideIndex = slide ? form.slides.indexOf(slide) : 0;

  // A new slide: tell screen readers where they are and bring the top of the form into view.
  // Before the browser paints it, so that no key pressed on the new slide lands before focus moves.
  const pathLength = walk.path.length;
  const previousLength = useRef(pathLength);
  useLayoutEffect(() => {
    if (previousLength.current === pathLength) return;
    previousLength.current = pathLength;
    stepRef.current?.focus({ preventScroll: true });
    stepRef.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  }, [pathLength]);

  const progressListener = useRef(onProgress);
  useEffect(() => {
    progressListener.current = onProgress;
  }, [onProgress]);
  // Told as the change is drawn, not after the next frame: a reload that follows a keystroke
  // at once keeps that keystroke in the draft it writes on the way out.
  useLayoutEffect(() => {
    progressListener.current?.({ answers: walk.answers, path: walk.path });
  }, [walk.answers, walk.path]);

  if (!slide) return null;

  const showFirstError = (key: string | undefined) => {
    // After the render that shows the errors (and opens the tab that holds the field).
    if (key) setTimeout(() => focusField(`${idPrefix}-${slide.id}-${key}`), 0);
  };

  const handleNext = () => {
    const result = walk.goNext();
    if (!result.ok) showFirstError(result.firstErrorKey);
  };

  const handleSubmit = async () => {
    const result = walk.checkSlide();
    if (!result.ok) return showFirstError(result.firstErrorKey);
    if (preview || (canSubmit && !canSubmit())) return;
    await onSubmit?.(walk.answersToSubmit());
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (walk.isLast) void handleSubmit();
        else handleNext();
      }}
      className="space-y-8"
    >
      <div ref={stepRef} tabIndex={-1} className="space-y-2 outline-none">
        <p className="text-sm font-semibold text-body/70">
          {t("callouts.form.step", { current: slideIndex + 1, total: form.slides.length })}
        </p>
        <div
          role="progressbar"
          aria-label={t("callouts.form.progress")}
          aria-valuemin={1}
          aria-valuemax={form.slides.length}
          aria-valuenow={slideIndex + 1}
          className="h-1.5 overflow-hidden rounded-full bg-primary/15"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-300"
            style={{ width: `${((slideIndex + 1) / form.slides.length) * 100}%` }}
          />
        </div>
      </div>
      <SlideView
        key={slide.id}
        slide={slide}
        answers={walk.slideAnswers}
        visible={walk.visible}
        idPrefix={idPrefix}
        translate={translate}
        textLang={textLang}
        isReadOnly={false}
        uploadFile={uploadFile}
        shownIssue={walk.shownIssue}
        setAnswer={walk.setAnswer}
        touch={walk.touch}
        reportBusy={walk.reportBusy}
        attempt={walk.attempt}
        firstErrorKey={walk.firstErrorKey}
      />
      {walk.isLast && finalStep}
      {walk.isLast && submitError}
      <SlideNavigation
        navigation={slide.navigation}
        textLang={textLang}
        isFirst={walk.isFirst}
        isLast={walk.isLast}
        isBusy={walk.isBusy || isSubmitting}
        isSubmitting={isSubmitting}
        isPreview={preview}
        onBack={walk.goBack}
      />
    </form>
  );
}
