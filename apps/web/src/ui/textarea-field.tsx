import type { ComponentProps } from "react";
import { useId } from "react";
import { cx } from "./class-names";
import { FieldMessage } from "./field-message";

interface TextareaFieldProps extends ComponentProps<"textarea"> {
  label: string;
  hint?: string;
  error?: string;
}

export function TextareaField({ label, hint, error, id, className, rows = 4, ...textareaProps }: TextareaFieldProps) {
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
      <textarea
        id={inputId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          "block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-body shadow-xs transition-colors",
          "placeholder:text-body/40 focus:outline-none focus-visible:ring-3",
          error
            ? "border-danger focus-visible:border-danger focus-visible:ring-danger/25"
            : "border-body/25 hover:border-body/40 focus-visible:border-link focus-visible:ring-link/25",
        )}
        {...textareaProps}
      />
      <FieldMessage id={errorId} hint={hint} hintId={hintId} error={error} />
    </div>
  );
}
