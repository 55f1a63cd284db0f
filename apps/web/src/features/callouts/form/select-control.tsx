import { useTranslation } from "react-i18next";
import type { FormComponent } from "@cohort/common/callout-form";
import { componentOptions } from "@cohort/common/callout-form";
import { cx } from "../../../ui/class-names";
import { FieldFrame } from "./field-frame";
import { frameProps, useField } from "./use-field";

/** A drop-down list of options (several may be chosen when the component allows many). */
export function SelectControl({ component }: { component: FormComponent }) {
  const { t } = useTranslation();
  const field = useField(component);
  const options = componentOptions(component);
  const isMultiple = component.multiple === true;
  const selected = Array.isArray(field.value)
    ? field.value.map(String)
    : typeof field.value === "string"
      ? field.value
      : "";
  return (
    <FieldFrame {...frameProps(field)}>
      <select
        id={field.id}
        {...field.aria}
        multiple={isMultiple}
        value={selected}
        disabled={field.isReadOnly}
        onChange={(event) => {
          const values = [...event.target.selectedOptions].map((option) => option.value).filter(Boolean);
          field.setValue(isMultiple ? values : values[0]);
          field.touch();
        }}
        className={cx(field.controlClass, isMultiple ? "py-2" : "h-11 pr-8")}
      >
        {!isMultiple && (
          <option value="" lang={field.placeholder ? field.textLang : undefined}>
            {field.placeholder ?? t("callouts.form.choose")}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value} lang={field.textLang}>
            {field.translate(option.label)}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
