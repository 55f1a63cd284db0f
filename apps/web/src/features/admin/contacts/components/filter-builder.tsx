import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { contactFilterGroups } from "@cohort/common/filters";
import type { RuleGroup } from "@cohort/common/filters";
import type { FilterCatalogue } from "../../shared/filters/filter-catalogue";
import { FilterBuilder as SharedFilterBuilder } from "../../shared/filters/filter-builder";
import { filterFieldOf } from "../forms/filter-draft";
import { fieldLabelKey, groupLabelKey, optionLabelKey } from "../forms/filter-labels";
import { TagValueSelect } from "./tag-value-select";

interface FilterBuilderProps {
  /** The rules the list uses now. */
  rules: RuleGroup | undefined;
  /** The server's explanation when it refused the rules. */
  serverError: string | null;
  onApply: (rules: RuleGroup | undefined) => void;
  onClose: () => void;
}

/** The contact fields, grouped as the filter picker shows them; tags are picked by name. */
function useContactCatalogue(): FilterCatalogue {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      groups: Object.entries(contactFilterGroups).map(([group, fields]) => ({
        key: group,
        label: t(groupLabelKey(group)),
        fields: fields.map((field) => ({ field, label: t(fieldLabelKey(field)) })),
      })),
      definitionOf: filterFieldOf,
      optionLabel: (field, option) => t(optionLabelKey(field, option)),
      valueEditor: ({ definition, value, onChange, label, hasError }) =>
        definition.type === "array" && definition.format === "uuid" ? (
          <TagValueSelect
            value={typeof value === "string" && value ? value : null}
            onChange={onChange}
            label={label}
            hasError={hasError}
          />
        ) : undefined,
    }),
    [t],
  );
}

/** The visual filter of the contact list. */
export function FilterBuilder(props: FilterBuilderProps) {
  const { t } = useTranslation();
  const catalogue = useContactCatalogue();
  return <SharedFilterBuilder {...props} catalogue={catalogue} title={t("admin.contacts.filters.title")} />;
}
