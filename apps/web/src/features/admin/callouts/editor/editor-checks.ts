import type { FormComponent } from "@cohort/common/callout-form";
import type { ResponseViewGap } from "@cohort/common/callouts";
import { responseViewGaps } from "@cohort/common/callouts";
import { componentOptions, isInputComponent, isNestable } from "@cohort/common/callout-form";
import { duplicateKeys } from "../builder/component-keys";
import { panesOf } from "../builder/component-tree";
import { keyedMessage } from "../../../../app/forms/validation-message";
import { fromLocalInput } from "../../shared/local-date-input";
import { parseNumbers, responseViewFrom } from "./editor-conversion";
import type { CalloutEditorValues, EditorTarget } from "./editor-values";
import type { SaveIntent } from "./save-intent";

export type FieldPath = (string | number)[];
export interface EditorIssue {
  path: FieldPath;
  message: string;
}

const message = (name: string, values?: Record<string, string | number>) =>
  keyedMessage(`adminCallouts.validation.${name}`, values);

/** Each component of a slide with its field path, depth first. */
export function componentPaths(components: readonly FormComponent[], base: FieldPath) {
  const found: { component: FormComponent; path: FieldPath }[] = [];
  components.forEach((component, index) => {
    const path = [...base, index];
    found.push({ component, path });
    if (!isNestable(component)) return;
    if (component.type === "tabs") {
      panesOf(component).forEach((pane, paneIndex) =>
        found.push(...componentPaths(pane.components ?? [], [...path, "components", paneIndex, "components"])),
      );
    } else {
      found.push(...componentPaths((component.components ?? []) as FormComponent[], [...path, "components"]));
    }
  });
  return found;
}

const isBlank = (value: string | undefined) => !value?.trim();
const asNumber = (value: unknown) =>
  value === undefined || value === null || value === "" ? undefined : Number(value);

function rangeIssue(component: FormComponent, path: FieldPath, low: string, high: string): EditorIssue[] {
  const min = asNumber(component.validate?.[low]);
  const max = asNumber(component.validate?.[high]);
  if (min !== undefined && max !== undefined && min > max) {
    return [{ path: [...path, "validate", high], message: message("maxBelowMin") }];
  }
  return [];
}

function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

function componentIssues(component: FormComponent, path: FieldPath, slideKeys: Set<string>, duplicates: Set<string>) {
  const issues: EditorIssue[] = [];
  if (isInputComponent(component) && isBlank(component.label)) {
    issues.push({ path: [...path, "label"], message: message("labelRequired") });
  }
  if (duplicates.has(component.key)) issues.push({ path: [...path, "key"], message: message("keyTaken") });
  if (["select", "radio", "selectboxes"].includes(component.type)) {
    const options = componentOptions(component);
    const values = options.map((option) => option.value.trim());
    if (options.length === 0) issues.push({ path: [...path, "options"], message: message("optionsRequired") });
    else if (options.some((option) => isBlank(option.label)) || values.some((value) => !value)) {
      issues.push({ path: [...path, "options"], message: message("optionsIncomplete") });
    } else if (new Set(values).size !== values.length) {
      issues.push({ path: [...path, "options"], message: message("optionsDuplicate") });
    }
  }
  if (component.type === "tabs" && panesOf(component).length === 0) {
    issues.push({ path: [...path, "options"], message: message("tabsRequired") });
  }
  issues.push(...rangeIssue(component, path, "min", "max"));
  issues.push(...rangeIssue(component, path, "minLength", "maxLength"));
  issues.push(...rangeIssue(component, path, "minWords", "maxWords"));
  const pattern = component.validate?.pattern;
  if (pattern && !isValidPattern(pattern)) {
    issues.push({ path: [...path, "validate", "pattern"], message: message("patternInvalid") });
  }
  const when = component.conditional?.when;
  if (when && !slideKeys.has(when)) {
    issues.push({ path: [...path, "conditional", "when"], message: message("conditionMissing") });
  }
  return issues;
}

/** A slide needs a name and a component; an empty button text says the default of the reader's language. */
function slideIssues(values: CalloutEditorValues): EditorIssue[] {
  return values.slides.flatMap((slide, index) => {
    const base: FieldPath = ["slides", index];
    const issues: EditorIssue[] = [];
    if (isBlank(slide.title)) issues.push({ path: [...base, "title"], message: message("slideTitleRequired") });
    if (slide.components.length === 0) {
      issues.push({ path: [...base, "components"], message: message("slideEmpty") });
    }
    const entries = componentPaths(slide.components, [...base, "components"]);
    const keys = new Set(entries.map((entry) => entry.component.key));
    const duplicates = duplicateKeys(slide.components);
    for (const entry of entries) issues.push(...componentIssues(entry.component, entry.path, keys, duplicates));
    return issues;
  });
}

function dateIssues(values: CalloutEditorValues, target: EditorTarget): EditorIssue[] {
  const issues: EditorIssue[] = [];
  const isLive = target.status === "open" || target.status === "ended";
  let start: string | null = isLive ? target.starts : null;
  if (!isLive && values.startMode === "scheduled") {
    start = fromLocalInput(values.startDate);
    if (!start) issues.push({ path: ["startDate"], message: message("dateRequired") });
  }
  if (values.endMode === "scheduled") {
    const end = fromLocalInput(values.endDate);
    if (!end) issues.push({ path: ["endDate"], message: message("dateRequired") });
    else if (start && end <= start) issues.push({ path: ["endDate"], message: message("endAfterStart") });
  }
  return issues;
}

const gapMessages: Record<ResponseViewGap, string> = {
  imageProp: "imageFieldRequired",
  "map.addressProp": "addressFieldRequired",
};

/** A draft keeps display settings half filled in; publishing needs them whole (the server checks the same). */
function displayGaps(values: CalloutEditorValues, intent: SaveIntent): EditorIssue[] {
  if (intent === "draft") return [];
  return responseViewGaps(responseViewFrom(values)).map((gap) => ({
    path: gap.split("."),
    message: message(gapMessages[gap]),
  }));
}

function displayIssues(values: CalloutEditorValues, intent: SaveIntent): EditorIssue[] {
  if (!values.showResponses) return [];
  const issues = displayGaps(values, intent);
  if (!values.hasMap) return issues;
  const { map } = values;
  const [lng = Number.NaN, lat = Number.NaN] = parseNumbers(map.center, 2);
  if (!(Math.abs(lng) <= 180 && Math.abs(lat) <= 90)) {
    issues.push({ path: ["map", "center"], message: message("centerInvalid") });
  }
  const bounds = parseNumbers(map.bounds, 4);
  const isLng = (value: number | undefined) => value !== undefined && Math.abs(value) <= 180;
  const isLat = (value: number | undefined) => value !== undefined && Math.abs(value) <= 90;
  if (!(isLng(bounds[0]) && isLat(bounds[1]) && isLng(bounds[2]) && isLat(bounds[3]))) {
    issues.push({ path: ["map", "bounds"], message: message("boundsInvalid") });
  }
  const zooms = (["minZoom", "initialZoom", "maxZoom"] as const).map((name) => {
    const zoom = Number(map[name]);
    const isValid = map[name].trim() !== "" && Number.isFinite(zoom) && zoom >= 0 && zoom <= 20;
    if (!isValid) issues.push({ path: ["map", name], message: message("zoomInvalid", { max: 20 }) });
    return isValid ? zoom : undefined;
  });
  const [min, initial, max] = zooms;
  if (min !== undefined && initial !== undefined && max !== undefined && !(min <= initial && initial <= max)) {
    issues.push({ path: ["map", "initialZoom"], message: message("zoomOrder") });
  }
  return issues;
}

/** What the shared schema cannot know: the editor's own rules for a callout that makes sense. */
export function editorIssues(values: CalloutEditorValues, target: EditorTarget, intent: SaveIntent): EditorIssue[] {
  const issues: EditorIssue[] = [];
  if (isBlank(values.title)) issues.push({ path: ["title"], message: message("titleRequired") });
  if (values.slugMode === "manual" && isBlank(values.slug)) {
    issues.push({ path: ["slug"], message: message("slugRequired") });
  }
  if (values.endScreen === "message" && isBlank(values.thanksTitle)) {
    issues.push({ path: ["thanksTitle"], message: message("thanksTitleRequired") });
  }
  if (values.endScreen === "redirect" && isBlank(values.thanksRedirect)) {
    issues.push({ path: ["thanksRedirect"], message: message("redirectRequired") });
  }
  return [...issues, ...slideIssues(values), ...dateIssues(values, target), ...displayIssues(values, intent)];
}
