/**
 * Form.io "simple conditionals": a component is shown (or hidden) when
 * another answer of the same slide equals a value. The browser and the server
 * both judge visibility with these functions, so an answer the respondent
 * could not see is neither required nor kept.
 *
 * `hidden: true` is presentational only (Form.io renders the component
 * invisibly but still submits it), so it plays no part here.
 */
import { childComponents, isNestable } from "./model.js";
import type { Answer, CalloutAnswers, FormComponent, SlideAnswers } from "./model.js";

/** The answer at `key`, ignoring anything inherited from the object's prototype. */
export function slideAnswer(slideAnswers: SlideAnswers, key: string): Answer | undefined {
  return Object.hasOwn(slideAnswers, key) ? slideAnswers[key] : undefined;
}

/**
 * The answer to component `key` of slide `slideId`, own properties only at
 * both levels: a slide or component named `constructor` or `__proto__` finds
 * its own answer or none, never something of `Object.prototype`.
 */
export function formAnswer(answers: CalloutAnswers, slideId: string, key: string): Answer | undefined {
  const slideAnswers = Object.hasOwn(answers, slideId) ? answers[slideId] : undefined;
  return slideAnswers ? slideAnswer(slideAnswers, key) : undefined;
}

function matches(answer: unknown, eq: string): boolean {
  if (answer === undefined || answer === null) return false;
  if (Array.isArray(answer)) return answer.some((element) => matches(element, eq));
  if (typeof answer === "object") {
    // Selectboxes: the option named by `eq` is ticked.
    return Object.hasOwn(answer, eq) && (answer as Record<string, unknown>)[eq] === true;
  }
  if (typeof answer === "string" || typeof answer === "number" || typeof answer === "boolean") {
    return String(answer) === eq;
  }
  return false;
}

/**
 * Whether the component's own conditional lets it show. With no `when` it
 * shows. Otherwise the answer at `when` is compared to `eq` as text: a
 * selectboxes answer matches when its `eq` option is ticked, a checkbox as
 * "true"/"false", a multiple answer when any element matches. `show` true
 * shows on a match and hides otherwise; any other `show` (false, "false" or
 * unset, as Form.io reads it) hides on a match and shows otherwise.
 */
export function isComponentVisible(component: FormComponent, slideAnswers: SlideAnswers): boolean {
  const conditional = component.conditional;
  if (!conditional?.when) return true;
  const eq = conditional.eq === undefined || conditional.eq === null ? "" : String(conditional.eq);
  const isMatch = matches(slideAnswer(slideAnswers, conditional.when), eq);
  const showOnMatch = conditional.show === true || conditional.show === "true";
  return isMatch === showOnMatch;
}

/**
 * Every component of the tree, flattened depth first, that the respondent
 * sees: the children of a hidden nestable are hidden too, and a hidden input's
 * answer is treated as cleared (as Form.io does), which may hide the
 * components that depend on it in turn. Components only ever move from shown
 * to hidden while this settles, so it always ends, even for circular
 * conditions.
 */
export function visibleComponents(components: readonly FormComponent[], slideAnswers: SlideAnswers): FormComponent[] {
  const hidden = new Set<FormComponent>();
  for (let isSettled = false; !isSettled;) {
    const hiddenKeys = new Set([...hidden].map((component) => component.key));
    const answers = Object.fromEntries(Object.entries(slideAnswers).filter(([key]) => !hiddenKeys.has(key)));
    const before = hidden.size;
    markHidden(components, answers, false, hidden);
    isSettled = hidden.size === before;
  }
  const visible: FormComponent[] = [];
  collectVisible(components, hidden, visible);
  return visible;
}

function markHidden(
  components: readonly FormComponent[],
  answers: SlideAnswers,
  isParentHidden: boolean,
  hidden: Set<FormComponent>,
): void {
  for (const component of components) {
    if (isParentHidden || !isComponentVisible(component, answers)) hidden.add(component);
    if (isNestable(component)) markHidden(childComponents(component), answers, hidden.has(component), hidden);
  }
}

function collectVisible(components: readonly FormComponent[], hidden: Set<FormComponent>, visible: FormComponent[]) {
  for (const component of components) {
    if (hidden.has(component)) continue;
    visible.push(component);
    if (isNestable(component)) collectVisible(childComponents(component), hidden, visible);
  }
}
