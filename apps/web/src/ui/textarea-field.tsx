import type { ComponentProps } from "react";
import { cx } from "./class-names";
import { FormField, textControlClasses, type FormFieldProps } from "./form-field";

type TextareaFieldProps = FormFieldProps & Omit<ComponentProps<"textarea">, "id" | "className">;

export function TextareaField({ label, hint, error, id, className, rows = 4, ...textareaProps }: TextareaFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={cx(
            "block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-body shadow-xs transition-colors",
            "placeholder:text-body/40 focus:outline-none focus-visible:ring-3",
            textControlClasses(Boolean(error)),
          )}
          {...textareaProps}
        />
      )}
    </FormField>
  );
}
