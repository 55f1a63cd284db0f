import type { TFunction } from "i18next";
import type { AnswerIssue } from "@cohort/common/callout-form";

/** The respondent's words for a problem with an answer. */
export function issueText(t: TFunction, issue: AnswerIssue): string {
  return t(`callouts.issues.${issue.code}`, { min: issue.params?.min ?? "", max: issue.params?.max ?? "" });
}
