import { useCallback, useMemo, useState } from "react";
import type { CalloutAnswers, CalloutForm, FormSlide, SlideAnswers } from "@cohort/common/callout-form";
import { fullKey, nextSlideId, validateSlide, visibleComponents } from "@cohort/common/callout-form";
import { answersToSubmit, initialAnswers } from "./answer-values";
import type { AnswerUpdate } from "./form-context";

const noAnswers: SlideAnswers = {};

export type StepResult = { ok: true } | { ok: false; firstErrorKey: string | undefined };

/** Where a respondent is: all answers so far, and the slides they went through (the last one is shown). */
export interface FormProgress {
  answers: CalloutAnswers;
  path: string[];
}

/** The path to start on: the one given if it names slides of the form, else the first slide. */
function startingPath(form: CalloutForm, startPath: readonly string[] | undefined): string[] {
  const known = (startPath ?? []).filter((id) => form.slides.some((slide) => slide.id === id));
  if (known.length > 0) return known;
  return form.slides[0] ? [form.slides[0].id] : [];
}

/**
 * The respondent's walk through the slides: the answers so far, the path of
 * slides (Back goes one step up it), which fields have been touched and how
 * often leaving each slide failed. It may start part of the way, on the last
 * slide of a path walked before (a draft kept over a reload). Errors of a field show once it was touched
 * or once Next was pressed on its slide.
 */
export function useFormWalk(
  form: CalloutForm,
  startAnswers: CalloutAnswers | undefined,
  startPath?: readonly string[],
) {
  const [answers, setAnswers] = useState(() => initialAnswers(form, startAnswers));
  const [path, setPath] = useState<string[]>(() => startingPath(form, startPath));
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [attempts, setAttempts] = useState<Readonly<Record<string, number>>>({});
  const [busyKeys, setBusyKeys] = useState<ReadonlySet<string>>(() => new Set());

  const slide: FormSlide | undefined = form.slides.find((candidate) => candidate.id === path.at(-1)) ?? form.slides[0];
  const slideId = slide?.id ?? "";
  const slideAnswers = answers[slideId] ?? noAnswers;
  const issues = useMemo(
    () => (slide ? validateSlide(slide, slideAnswers, { now: new Date() }) : {}),
    [slide, slideAnswers],
  );
  const visible = useMemo(
    () => new Set(slide ? visibleComponents(slide.components, slideAnswers) : []),
    [slide, slideAnswers],
  );
  const attempt = attempts[slideId] ?? 0;

  const setAnswer = useCallback(
    (key: string, update: AnswerUpdate) => {
      setAnswers((current) => {
        const previous = current[slideId] ?? {};
        const value = typeof update === "function" ? update(previous[key]) : update;
        const next = { ...previous };
        if (value === undefined) delete next[key];
        else next[key] = value;
        return { ...current, [slideId]: next };
      });
    },
    [slideId],
  );

  const touch = useCallback(
    (key: string) => {
      const name = fullKey(slideId, key);
      setTouched((current) => (current.has(name) ? current : new Set([...current, name])));
    },
    [slideId],
  );

  const reportBusy = useCallback((key: string, isBusy: boolean) => {
    setBusyKeys((current) => {
      if (current.has(key) === isBusy) return current;
      const next = new Set(current);
      if (isBusy) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const errorKeys = Object.keys(issues);
  const shownIssue = (key: string) => (attempt > 0 || touched.has(fullKey(slideId, key)) ? issues[key] : undefined);

  /** Checks the slide; on failure every error of the slide shows from now on. */
  const checkSlide = (): StepResult => {
    if (errorKeys.length === 0) return { ok: true };
    setAttempts((current) => ({ ...current, [slideId]: (current[slideId] ?? 0) + 1 }));
    return { ok: false, firstErrorKey: errorKeys[0] };
  };

  const goNext = (): StepResult => {
    const result = checkSlide();
    if (!result.ok || !slide) return result;
    const next = nextSlideId(form, slide, slideAnswers);
    if (next && form.slides.some((candidate) => candidate.id === next)) setPath((current) => [...current, next]);
    return result;
  };

  const goBack = () => setPath((current) => (current.length > 1 ? current.slice(0, -1) : current));

  return {
    answers,
    slide,
    slideAnswers,
    visible,
    path,
    attempt,
    firstErrorKey: errorKeys[0],
    isFirst: path.length <= 1,
    // The last slide in the list, or one whose next slide does not exist: Submit instead of Next.
    isLast: slide ? nextSlideId(form, slide, slideAnswers) === null : true,
    isBusy: busyKeys.size > 0,
    shownIssue,
    setAnswer,
    touch,
    reportBusy,
    checkSlide,
    goNext,
    goBack,
    /** What a Submit sends: the answers of the slides on the path, as the respondent saw them. */
    answersToSubmit: () => answersToSubmit(form, answers, path),
  };
}
