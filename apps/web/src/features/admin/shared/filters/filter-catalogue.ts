import type { ReactNode } from "react";
import type { FilterField, RuleValue } from "@cohort/common/filters";
import type { FieldLookup } from "./filter-draft";

export interface FilterFieldChoice {
  field: string;
  /** Translated name shown in the field picker. */
  label: string;
}

export interface FilterFieldGroup {
  key: string;
  label: string;
  fields: readonly FilterFieldChoice[];
}

export interface ValueEditorProps {
  field: string;
  definition: FilterField;
  value: RuleValue | null;
  onChange: (value: RuleValue | null) => void;
  /** Accessible name of the input. */
  label: string;
  hasError: boolean;
}

/**
 * What the filter builder needs to know about the list it filters: the
 * fields by group, their definitions, how options read and, for fields whose
 * values are ids (tags, people), an editor that picks them by name.
 */
export interface FilterCatalogue {
  groups: readonly FilterFieldGroup[];
  definitionOf: FieldLookup;
  /** The translated label of one option of an enum or array field. */
  optionLabel: (field: string, option: string) => string;
  /** A special editor for a field, or undefined for the one its type gets. */
  valueEditor?: (props: ValueEditorProps) => ReactNode;
}

/** The label of a field in the catalogue, or the field itself. */
export function fieldLabelOf(catalogue: FilterCatalogue, field: string): string {
  for (const group of catalogue.groups) {
    const choice = group.fields.find((entry) => entry.field === field);
    if (choice) return choice.label;
  }
  return field;
}
