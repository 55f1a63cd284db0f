/**
 * Slide navigation and branching (spec section 3, reference section 6.5).
 * The respond page walks the slides with `nextSlideId`; the server replays
 * the same walk with `slidePath` to know which slides a respondent saw.
 */
import { slideAnswer, visibleComponents } from "./conditional.js";
import { componentOptions, flattenComponents } from "./model.js";
import type { CalloutAnswers, CalloutForm, FormComponent, FormSlide, SlideAnswers } from "./model.js";

type SlidesOf = Pick<CalloutForm, "slides">;

/** The first radio of the slide (flattened order) with an option that leads to another slide. */
export function decisionComponent(slide: FormSlide): FormComponent | undefined {
  return flattenComponents(slide.components).find(
    (component) => component.type === "radio" && componentOptions(component).some((option) => option.nextSlideId),
  );
}

/** Whether the slide is the last in array order: the one that shows Submit. */
export function isLastSlide(form: SlidesOf, slideId: string): boolean {
  return form.slides.at(-1)?.id === slideId;
}

/**
 * Where "Next" leads from `slide`: the slide named by the chosen option of
 * the decision component (when that component is shown), else the slide's own
 * `navigation.nextSlideId`, else the next slide in array order. Null on the
 * last slide, which submits instead, and on a slide whose own next slide does
 * not exist (forms saved through the API may say so): that slide is the last
 * one of the walk (decision 024). An option's id may still name no slide when
 * the form is inconsistent; callers decide what to do then.
 */
export function nextSlideId(form: SlidesOf, slide: FormSlide, slideAnswers: SlideAnswers): string | null {
  if (isLastSlide(form, slide.id)) return null;
  const decision = decisionComponent(slide);
  if (decision && visibleComponents(slide.components, slideAnswers).includes(decision)) {
    const answer = slideAnswer(slideAnswers, decision.key);
    const option = componentOptions(decision).find((candidate) => candidate.value === answer);
    if (option?.nextSlideId) return option.nextSlideId;
  }
  const ownNext = slide.navigation?.nextSlideId;
  if (ownNext) return form.slides.some((candidate) => candidate.id === ownNext) ? ownNext : null;
  const index = form.slides.findIndex((candidate) => candidate.id === slide.id);
  if (index < 0) return null;
  return form.slides[index + 1]?.id ?? null;
}

/**
 * The ids of the slides a respondent with these answers walks through, from
 * the first slide on. The walk ends on the last slide in array order, on a
 * slide it has already visited (a loop in the form) or when the next slide
 * does not exist.
 */
export function slidePath(form: SlidesOf, answers: CalloutAnswers): string[] {
  const path: string[] = [];
  let slide = form.slides[0];
  while (slide && !path.includes(slide.id)) {
    path.push(slide.id);
    const slideAnswers = Object.hasOwn(answers, slide.id) ? answers[slide.id] : undefined;
    const next = nextSlideId(form, slide, slideAnswers ?? {});
    slide = next === null ? undefined : form.slides.find((candidate) => candidate.id === next);
  }
  return path;
}
