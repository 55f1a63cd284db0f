import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { contactFilterGroups } from "@cohort/common/filters";
import type { RuleGroup } from "@cohort/common/filters";
import type { FilterCatalogue } from "../../shared/filters/filter-catalogue";
import { FilterBuilder as SharedFilterBuilder } from "../../shared/filters/filter-builder";
import { filterFieldOf } from "../forms/filter-draft";
import { fieldLabelKey, groupLabelKey, optionLabelKey } from "../forms/filter-labels";
import { useCalloutFilterFields, type CalloutFilterFields } from "./callout-filter-fields";
import { TagValueSelect } from "./tag-value-select";

interface FilterBuilderProps {
  /** The rules the list uses now. */
  rules: RuleGroup | undefined;
  /** The server's explanation when it refused the rules. */
  serverError: string | null;
  onApply: (rules: RuleGroup | undefined) => void;
  onClose: () => void;
}

/**
 * The contact fields, grouped as the filter picker shows them, then the
 * fields of the callouts added (see `useCalloutFilterFields`); tags are
 * picked by name.
 */
function useContactCatalogue(callouts: CalloutFilterFields): FilterCatalogue {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      groups: [
        ...Object.entries(contactFilterGroups).map(([group, fields]) => ({
          key: group,
          label: t(groupLabelKey(group)),
          fields: fields.map((field) => ({ field, label: t(fieldLabelKey(field)) })),
        })),
        ...callouts.groups,
      ],
      definitionOf: (field) => filterFieldOf(field) ?? callouts.definitionOf(field),
      optionLabel: (field, option) => callouts.optionLabel(field, option) ?? t(optionLabelKey(field, option)),
      valueEditor: ({ field, definition, value, onChange, label, hasError }) =>
        field === "tags" && definition.type === "array" && definition.format === "uuid" ? (
          <TagValueSelect
            value={typeof value === "string" && value ? value : null}
            onChange={onChange}
            label={label}
            hasError={hasError}
          />
        ) : undefined,
    }),
    [callouts, t],
  );
}

/** The visual filter of the contact list, answers to callouts included. */
export function FilterBuilder(props: FilterBuilderProps) {
  const { t } = useTranslation();
  const callouts = useCalloutFilterFields(props.rules);
  const catalogue = useContactCatalogue(callouts);
  return (
    <SharedFilterBuilder
      {...props}
      catalogue={catalogue}
      title={t("admin.contacts.filters.title")}
      extra={callouts.picker}
    />
  );
}
