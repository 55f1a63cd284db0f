import type { CalloutForm } from "@cohort/common/callout-form";
import { takesTextAnswer } from "@cohort/common/callout-form";
import { GUEST_EMAIL_COLUMN, GUEST_NAME_COLUMN } from "@cohort/common/callouts";
import { answerFields } from "../../../shared/answer-fields";
import { normaliseHeader } from "../../../shared/csv-import/column-mapping";

/** Where a CSV column can go: an input of the form (`answers.<slideId>.<key>`) or a guest detail. */
export interface ImportTarget {
  column: string;
  /** The input's label; none for the guest details, which the page names itself. */
  label?: string;
}

/** For each CSV column, in order, the target it fills or null when it is left out. */
export type TargetMapping = (string | null)[];

export type AnswerImportRow = Partial<Record<string, string>>;

/** The inputs that take a text answer, then the guest's email and name. */
export function importTargets(form: CalloutForm | undefined): ImportTarget[] {
  const inputs = answerFields(form)
    .filter((field) => takesTextAnswer(field.component))
    .map((field) => ({ column: `answers.${field.fullKey}`, label: field.label }));
  return [...inputs, { column: GUEST_EMAIL_COLUMN }, { column: GUEST_NAME_COLUMN }];
}

const guestHeaders = new Map([
  ["email", GUEST_EMAIL_COLUMN],
  ["emailaddress", GUEST_EMAIL_COLUMN],
  ["guestemail", GUEST_EMAIL_COLUMN],
  ["name", GUEST_NAME_COLUMN],
  ["fullname", GUEST_NAME_COLUMN],
  ["guestname", GUEST_NAME_COLUMN],
]);

/** Suggests a target per column by its header: the column name, an input's key or label; each target once. */
export function autoMapTargets(headers: readonly string[], targets: readonly ImportTarget[]): TargetMapping {
  const byName = new Map<string, string>();
  for (const target of targets) {
    const key = target.column.slice(target.column.lastIndexOf(".") + 1);
    for (const name of [target.column, key, target.label ?? ""]) {
      if (name && !byName.has(normaliseHeader(name))) byName.set(normaliseHeader(name), target.column);
    }
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const name = normaliseHeader(header);
    const column = guestHeaders.get(name) ?? byName.get(name);
    if (!column || taken.has(column)) return null;
    taken.add(column);
    return column;
  });
}

/** Targets chosen for more than one column. */
export function repeatedTargets(mapping: TargetMapping): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const column of mapping) {
    if (column && seen.has(column)) repeated.add(column);
    if (column) seen.add(column);
  }
  return [...repeated];
}
