import type { ComponentProps } from "react";
import { cx } from "./class-names";
import { FormField, textControlClasses, type FormFieldProps } from "./form-field";

type TextFieldProps = FormFieldProps & Omit<ComponentProps<"input">, "id" | "className">;

export function TextField({ label, hint, error, id, className, ...inputProps }: TextFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <input
          {...control}
          className={cx(
            "block h-11 w-full rounded-lg border bg-white px-3.5 text-base text-body shadow-xs transition-colors",
            "placeholder:text-body/40 focus:outline-none focus-visible:ring-3",
            textControlClasses(Boolean(error)),
          )}
          {...inputProps}
        />
      )}
    </FormField>
  );
}
