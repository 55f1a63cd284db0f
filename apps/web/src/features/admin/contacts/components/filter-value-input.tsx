import { useTranslation } from "react-i18next";
import type { FilterField, RuleValue } from "@cohort/common/filters";
import { FilterValueInput as SharedValueInput } from "../../shared/filters/filter-value-input";
import { optionLabelKey } from "../forms/filter-labels";
import { TagValueSelect } from "./tag-value-select";

interface FilterValueInputProps {
  field: string;
  definition: FilterField;
  value: RuleValue | null;
  onChange: (value: RuleValue | null) => void;
  /** Accessible name of the input. */
  label: string;
  hasError?: boolean;
}

/** The editor for one value of a contact rule: tags by name, everything else by the field's type. */
export function FilterValueInput(props: FilterValueInputProps) {
  const { t } = useTranslation();
  const { definition, value, onChange, label, hasError = false } = props;
  if (definition.type === "array" && definition.format === "uuid") {
    const text = typeof value === "string" ? value : "";
    return <TagValueSelect value={text || null} onChange={onChange} label={label} hasError={hasError} />;
  }
  return <SharedValueInput {...props} optionLabel={(field, option) => t(optionLabelKey(field, option))} />;
}
