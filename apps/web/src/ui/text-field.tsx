import type { ComponentProps } from "react";
import { useId } from "react";
import { cx } from "./class-names";
import { FieldMessage } from "./field-message";

interface TextFieldProps extends ComponentProps<"input"> {
  label: string;
  hint?: string;
  error?: string;
}

export function TextField({ label, hint, error, id, className, ...inputProps }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-semibold text-body">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          "block h-11 w-full rounded-lg border bg-white px-3.5 text-base text-body shadow-xs transition-colors",
          "placeholder:text-body/40 focus:outline-none focus-visible:ring-3",
          error
            ? "border-danger focus-visible:border-danger focus-visible:ring-danger/25"
            : "border-body/25 hover:border-body/40 focus-visible:border-link focus-visible:ring-link/25",
        )}
        {...inputProps}
      />
      <FieldMessage id={errorId} hint={hint} hintId={hintId} error={error} />
    </div>
  );
}
