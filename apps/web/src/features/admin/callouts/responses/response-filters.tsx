import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { CalloutForm } from "@cohort/common/callout-form";
import { answerFilterFields, calloutResponseFilterFields } from "@cohort/common/callouts";
import type { FilterField } from "@cohort/common/filters";
import type { FilterCatalogue } from "../../shared/filters/filter-catalogue";
import type { AnswerField } from "../../shared/answer-fields";
import { answerOptionLabel } from "../../shared/answer-fields";
import { AssigneeSelect, CalloutTagSelect } from "./pickers";

/** The response fields the builder offers besides the answers (the bucket has its tabs). */
const baseFields = {
  createdAt: { type: "date" },
  updatedAt: { type: "date" },
  tags: { type: "array", format: "uuid" },
  assignee: { type: "contact", nullable: true },
  answers: { type: "blob", nullable: true },
} as const satisfies Record<string, FilterField>;
type BaseField = keyof typeof baseFields;

/** The campaign fields of the link answered from (decision 074). */
const { utmSource, utmMedium, utmCampaign, ref } = calloutResponseFilterFields;
const sourceFields = { utmSource, utmMedium, utmCampaign, ref } as const satisfies Record<string, FilterField>;
type SourceField = keyof typeof sourceFields;

const answerPrefix = "answers.";

/** The filter fields of one callout's responses: the response's own, then one per input of its form. */
export function useResponseFilterCatalogue(
  calloutId: string,
  form: CalloutForm | undefined,
  fields: readonly AnswerField[],
): FilterCatalogue {
  const { t } = useTranslation();
  return useMemo(() => {
    const byKey = new Map(fields.map((field) => [`${answerPrefix}${field.fullKey}`, field]));
    const answerDefinitions = form ? answerFilterFields(form) : {};
    const definitionOf = (field: string): FilterField | undefined => {
      if (Object.hasOwn(baseFields, field)) return baseFields[field as BaseField];
      if (Object.hasOwn(sourceFields, field)) return sourceFields[field as SourceField];
      return Object.hasOwn(answerDefinitions, field) ? answerDefinitions[field] : undefined;
    };
    return {
      groups: [
        {
          key: "response",
          label: t("adminResponses.filters.groups.response"),
          fields: (Object.keys(baseFields) as BaseField[]).map((field) => ({
            field,
            label: t(`adminResponses.filters.fields.${field}`),
          })),
        },
        {
          key: "source",
          label: t("adminResponses.filters.groups.source"),
          fields: (Object.keys(sourceFields) as SourceField[]).map((field) => ({
            field,
            label: t(`adminResponses.filters.fields.${field}`),
          })),
        },
        ...(fields.length > 0
          ? [
              {
                key: "answers",
                label: t("adminResponses.filters.groups.answers"),
                fields: fields.map((field) => ({ field: `${answerPrefix}${field.fullKey}`, label: field.label })),
              },
            ]
          : []),
      ],
      definitionOf,
      optionLabel: (field, option) => {
        const answer = byKey.get(field);
        return answer ? answerOptionLabel(answer.component, option) : option;
      },
      valueEditor: ({ field, value, onChange, label, hasError }) => {
        const text = typeof value === "string" && value ? value : null;
        if (field === "tags") {
          return (
            <CalloutTagSelect
              calloutId={calloutId}
              value={text}
              onChange={onChange}
              label={label}
              hasError={hasError}
            />
          );
        }
        if (field === "assignee") {
          return (
            <AssigneeSelect
              calloutId={calloutId}
              value={text}
              onChange={onChange}
              label={label}
              hasError={hasError}
              allowMe
            />
          );
        }
        return undefined;
      },
    };
  }, [calloutId, form, fields, t]);
}
