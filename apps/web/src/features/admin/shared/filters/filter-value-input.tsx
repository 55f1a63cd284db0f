import { useTranslation } from "react-i18next";
import type { FilterField, RuleValue } from "@cohort/common/filters";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import { DateValueInput } from "./date-value-input";

interface FilterValueInputProps {
  field: string;
  definition: FilterField;
  value: RuleValue | null;
  onChange: (value: RuleValue | null) => void;
  /** Accessible name of the input. */
  label: string;
  hasError?: boolean;
  /** The translated label of an option of an enum field. */
  optionLabel: (field: string, option: string) => string;
}

/** The editor for one value of a rule, chosen by the field's type (fields of ids bring their own). */
export function FilterValueInput({
  field,
  definition,
  value,
  onChange,
  label,
  hasError = false,
  optionLabel,
}: FilterValueInputProps) {
  const { t } = useTranslation();
  const text = typeof value === "string" ? value : "";

  switch (definition.type) {
    case "date":
      return <DateValueInput value={text || null} onChange={onChange} label={label} hasError={hasError} />;
    case "number":
      return (
        <Input
          type="number"
          step="any"
          inputMode="decimal"
          size="sm"
          aria-label={label}
          hasError={hasError}
          value={typeof value === "number" ? value : ""}
          onChange={(event) => {
            const number = event.target.valueAsNumber;
            onChange(event.target.value === "" || Number.isNaN(number) ? null : number);
          }}
        />
      );
    case "boolean":
      return (
        <Select
          size="sm"
          aria-label={label}
          value={value === false ? "false" : "true"}
          onChange={(event) => onChange(event.target.value === "true")}
        >
          <option value="true">{t("admin.contacts.filters.yes")}</option>
          <option value="false">{t("admin.contacts.filters.no")}</option>
        </Select>
      );
    case "enum":
      return (
        <Select
          size="sm"
          aria-label={label}
          hasError={hasError}
          value={text}
          onChange={(event) => onChange(event.target.value || null)}
        >
          {(definition.options ?? []).map((option) => (
            <option key={option} value={option}>
              {optionLabel(field, option)}
            </option>
          ))}
        </Select>
      );
    case "array":
      if (definition.options) {
        return (
          <Select
            size="sm"
            aria-label={label}
            hasError={hasError}
            value={text}
            onChange={(event) => onChange(event.target.value || null)}
          >
            <option value="" disabled>
              {t("admin.contacts.filters.chooseOption")}
            </option>
            {definition.options.map((option) => (
              <option key={option} value={option}>
                {optionLabel(field, option)}
              </option>
            ))}
          </Select>
        );
      }
      // Other lists (newsletter groups) take a typed value, like text.
      return <TextValueInput label={label} hasError={hasError} value={text} onChange={onChange} />;
    default:
      return <TextValueInput label={label} hasError={hasError} value={text} onChange={onChange} />;
  }
}

function TextValueInput({
  label,
  hasError,
  value,
  onChange,
}: {
  label: string;
  hasError: boolean;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <Input
      size="sm"
      aria-label={label}
      hasError={hasError}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
