import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";
import { cx } from "./class-names";
import { FieldMessage } from "./field-message";

interface CheckboxFieldProps extends Omit<ComponentProps<"input">, "type"> {
  label: string;
  description?: ReactNode;
  error?: string;
}

export function CheckboxField({ label, description, error, id, className, ...inputProps }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const descriptionId = `${inputId}-description`;
  const errorId = `${inputId}-error`;
  const describedBy = [description && descriptionId, error && errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={cx("flex gap-3", className)}>
      <input
        id={inputId}
        type="checkbox"
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        className="focus-ring mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-primary"
        {...inputProps}
      />
      <div className="min-w-0">
        <label htmlFor={inputId} className="cursor-pointer text-sm font-semibold text-body">
          {label}
        </label>
        {description && (
          <p id={descriptionId} className="mt-0.5 text-sm text-body/70">
            {description}
          </p>
        )}
        <FieldMessage id={errorId} hintId={descriptionId} error={error} />
      </div>
    </div>
  );
}
