import type { CalloutForm, FormComponent } from "../callout-form/model.js";
import { componentOptions, inputComponents } from "../callout-form/model.js";
import type { FilterField, FilterFields } from "../filters/fields.js";
import type { RuleGroup } from "../filters/grammar.js";
import { isRuleGroup } from "../filters/grammar.js";
import { calloutChannels, calloutStatuses } from "./constants.js";

/** Fields the callout list can be filtered on. `status` takes `equal` only. */
export const calloutFilterFields = {
  id: { type: "text" },
  slug: { type: "text" },
  title: { type: "text" },
  status: { type: "enum", options: calloutStatuses },
  starts: { type: "date", nullable: true },
  expires: { type: "date", nullable: true },
  hidden: { type: "boolean" },
  channels: { type: "array", options: calloutChannels },
  answeredBy: { type: "contact" },
  canReview: { type: "boolean" },
} as const satisfies FilterFields;
export type CalloutFilterName = keyof typeof calloutFilterFields;

/** Base filters of responses; `answers.<slideId>.<key>` fields come from the form. */
export const calloutResponseFilterFields = {
  id: { type: "text" },
  calloutId: { type: "text" },
  contact: { type: "contact", nullable: true },
  assignee: { type: "contact", nullable: true },
  createdAt: { type: "date" },
  updatedAt: { type: "date" },
  bucket: { type: "text", nullable: true },
  tags: { type: "array", format: "uuid" },
  answers: { type: "blob", nullable: true },
  /** Cohort's: the campaign fields of the link answered from (decision 074). */
  utmSource: { type: "text", nullable: true },
  utmMedium: { type: "text", nullable: true },
  utmCampaign: { type: "text", nullable: true },
  ref: { type: "text", nullable: true },
} as const satisfies FilterFields;

/** The filter type of an answer, by its component (reference section 6.3). */
function answerFilterField(component: FormComponent): FilterField {
  const options = componentOptions(component).map((option) => option.value);
  switch (component.type) {
    case "textarea":
      return { type: "blob", nullable: true };
    case "number":
      return { type: "number", nullable: true };
    case "checkbox":
      return { type: "boolean" };
    case "select":
    case "radio":
      return { type: "enum", options, nullable: true };
    case "selectboxes":
      return { type: "array", options };
    default:
      return { type: "text", nullable: true };
  }
}

/** `answers.<slideId>.<key>` for every input of the form, typed by its component. */
export function answerFilterFields(form: Pick<CalloutForm, "slides">): FilterFields {
  return Object.fromEntries(
    inputComponents(form).map(({ component, fullKey }) => [`answers.${fullKey}`, answerFilterField(component)]),
  );
}

/** Fields the comment list can be filtered on (reference section 11). */
export const calloutResponseCommentFilterFields = {
  id: { type: "text" },
  calloutId: { type: "text" },
  responseId: { type: "text" },
  contact: { type: "contact" },
  createdAt: { type: "date" },
  updatedAt: { type: "date" },
  text: { type: "text" },
} as const satisfies FilterFields;

/** Fields a callout's tag list can be filtered on. */
export const calloutTagFilterFields = {
  id: { type: "text" },
  name: { type: "text" },
  description: { type: "text" },
} as const satisfies FilterFields;

const CALLOUT_FIELD =
  /^callouts\.([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})\.(hasAnswered|responses\.(.+))$/;

/** `callouts.<calloutId>.hasAnswered` or `callouts.<calloutId>.responses.<field>`, taken apart. */
export function parseContactCalloutField(
  field: string,
): { calloutId: string; responseField: string | null } | undefined {
  const match = CALLOUT_FIELD.exec(field);
  if (!match) return undefined;
  return { calloutId: match[1]!.toLowerCase(), responseField: match[3] ?? null };
}

/** The callouts a contact rule group names in `callouts.<calloutId>.…` fields. */
export function contactCalloutIds(group: RuleGroup): Set<string> {
  const ids = new Set<string>();
  const visit = (rules: RuleGroup["rules"]) => {
    for (const rule of rules) {
      if (isRuleGroup(rule)) visit(rule.rules);
      else {
        const parsed = parseContactCalloutField(rule.field);
        if (parsed) ids.add(parsed.calloutId);
      }
    }
  };
  visit(group.rules);
  return ids;
}

/**
 * The definition of one contact filter on callout data: whether the contact
 * answered the callout, or one of the response filters of their responses to
 * it, `answers.<slideId>.<key>` included, typed by the callout's form
 * (reference: contact filters). Undefined for an unknown field or a callout
 * missing from `forms`.
 */
export function contactCalloutField(
  field: string,
  forms: ReadonlyMap<string, Pick<CalloutForm, "slides">>,
): FilterField | undefined {
  const parsed = parseContactCalloutField(field);
  const form = parsed && forms.get(parsed.calloutId);
  if (!parsed || !form) return undefined;
  if (parsed.responseField === null) return { type: "boolean" };
  const name = parsed.responseField;
  if (Object.hasOwn(calloutResponseFilterFields, name)) {
    return calloutResponseFilterFields[name as keyof typeof calloutResponseFilterFields];
  }
  if (!name.startsWith("answers.")) return undefined;
  const answers = answerFilterFields(form);
  return Object.hasOwn(answers, name) ? answers[name] : undefined;
}

/** The contact filters on callout data that a rule group names, as `contactCalloutField` defines them. */
export function contactCalloutFilterFields(
  group: RuleGroup,
  forms: ReadonlyMap<string, Pick<CalloutForm, "slides">>,
): FilterFields {
  const fields: FilterFields = {};
  const visit = (rules: RuleGroup["rules"]) => {
    for (const rule of rules) {
      if (isRuleGroup(rule)) visit(rule.rules);
      else {
        const definition = contactCalloutField(rule.field, forms);
        if (definition) fields[rule.field] = definition;
      }
    }
  };
  visit(group.rules);
  return fields;
}
