import type { ComponentProps } from "react";
import { FormField, type FormFieldProps } from "./form-field";
import { Select } from "./select";

type SelectFieldProps = FormFieldProps & Omit<ComponentProps<"select">, "size" | "id" | "className">;

/** A labelled select with a hint and an error, like TextField. */
export function SelectField({ label, hint, error, id, className, children, ...selectProps }: SelectFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {({ "aria-invalid": _invalid, ...control }) => (
        <Select {...control} hasError={Boolean(error)} {...selectProps}>
          {children}
        </Select>
      )}
    </FormField>
  );
}
