import { useMemo, useState } from "react";
import { useQueries, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { attributionFields } from "@cohort/common/attribution";
import type { CalloutForm } from "@cohort/common/callout-form";
import { contactCalloutField, contactCalloutIds, parseContactCalloutField } from "@cohort/common/callouts";
import type { FilterField, RuleGroup } from "@cohort/common/filters";
import {
  adminCalloutListQueryOptions,
  adminCalloutQueryOptions,
  latestCalloutsRequest,
} from "../../../../api/admin-callouts";
import { Select } from "../../../../ui/select";
import { answerFields, answerOptionLabel, type AnswerField } from "../../shared/answer-fields";
import type { FilterFieldGroup } from "../../shared/filters/filter-catalogue";

/** The callouts the picker offers: the latest ones, newest first. */
const calloutChoices = latestCalloutsRequest;

interface LoadedCallout {
  id: string;
  title: string;
  form: CalloutForm;
  fields: AnswerField[];
}

export interface CalloutFilterFields {
  /** One group per callout added: whether the contact answered it, their answers and where those came from. */
  groups: FilterFieldGroup[];
  definitionOf: (field: string) => FilterField | undefined;
  /** The label of an option of an answer field; undefined for fields that are not a callout's. */
  optionLabel: (field: string, option: string) => string | undefined;
  /** Adds a callout's fields to the builder. */
  picker: React.ReactNode;
}

/**
 * The contact filters on callout answers (`callouts.<id>.…`): the callouts
 * the rules name, and those the admin adds with the picker, each with the
 * fields its form gives, typed as the server types them.
 */
export function useCalloutFilterFields(rules: RuleGroup | undefined): CalloutFilterFields {
  const { t } = useTranslation();
  const [added, setAdded] = useState<string[]>([]);
  const named = useMemo(() => (rules ? [...contactCalloutIds(rules)] : []), [rules]);
  const ids = useMemo(() => [...new Set([...named, ...added])], [named, added]);
  const details = useQueries({ queries: ids.map((id) => adminCalloutQueryOptions(id)) });
  const list = useQuery(adminCalloutListQueryOptions(calloutChoices));

  const loaded: LoadedCallout[] = details.flatMap((query) =>
    query.data?.formSchema
      ? [
          {
            id: query.data.id,
            title: query.data.title || t("adminCallouts.untitled"),
            form: query.data.formSchema,
            fields: answerFields(query.data.formSchema),
          },
        ]
      : [],
  );
  const loadedKey = loaded.map((callout) => callout.id).join(",");

  return useMemo(() => {
    const forms = new Map(loaded.map((callout) => [callout.id, callout.form]));
    const byId = new Map(loaded.map((callout) => [callout.id, callout]));
    const prefix = (id: string) => `callouts.${id}.`;
    const groups = loaded.map((callout) => ({
      key: `callout-${callout.id}`,
      label: t("admin.contacts.filters.callouts.group", { title: callout.title }),
      fields: [
        { field: `${prefix(callout.id)}hasAnswered`, label: t("admin.contacts.filters.callouts.hasAnswered") },
        { field: `${prefix(callout.id)}responses.answers`, label: t("admin.contacts.filters.callouts.anyAnswer") },
        ...callout.fields.map((field) => ({
          field: `${prefix(callout.id)}responses.answers.${field.fullKey}`,
          label: field.label,
        })),
        // The campaign fields of the link each answer came from (decision 074).
        ...attributionFields.map((field) => ({
          field: `${prefix(callout.id)}responses.${field}`,
          label: t(`admin.contacts.detail.attribution.${field}`),
        })),
      ],
    }));
    const optionLabel = (field: string, option: string) => {
      const parsed = parseContactCalloutField(field);
      const callout = parsed && byId.get(parsed.calloutId);
      if (!callout) return undefined;
      const answer = callout.fields.find((entry) => parsed.responseField === `answers.${entry.fullKey}`);
      return answer ? answerOptionLabel(answer.component, option) : option;
    };
    const choices = (list.data?.items ?? []).filter((callout) => !ids.includes(callout.id));
    const picker =
      choices.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label htmlFor="contact-filter-callout" className="font-medium">
            {t("admin.contacts.filters.callouts.add")}
          </label>
          <Select
            id="contact-filter-callout"
            size="sm"
            className="w-full sm:w-72"
            value=""
            onChange={(event) => {
              const id = event.target.value;
              if (id) setAdded((current) => [...current, id]);
            }}
          >
            <option value="" disabled>
              {t("admin.contacts.filters.callouts.choose")}
            </option>
            {choices.map((callout) => (
              <option key={callout.id} value={callout.id}>
                {callout.title || t("adminCallouts.untitled")}
              </option>
            ))}
          </Select>
        </div>
      ) : null;
    return {
      groups,
      definitionOf: (field: string) => contactCalloutField(field, forms),
      optionLabel,
      picker,
    };
    // `loaded` is rebuilt every render; its ids say when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedKey, list.data, ids, t]);
}
