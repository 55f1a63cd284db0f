import type { ReactNode } from "react";
import { useId } from "react";
import { FieldMessage } from "./field-message";

export interface FormFieldProps {
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  id?: string | undefined;
  className?: string | undefined;
}

/** What the wrapped control needs to be tied to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
}

/** The label, hint and error around one form control; the control is rendered by `children`. */
export function FormField({
  label,
  hint,
  error,
  id,
  className,
  children,
}: FormFieldProps & { children: (control: FieldControlProps) => ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const errorId = `${controlId}-error`;
  const hintId = `${controlId}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-semibold text-body">
        {label}
      </label>
      {children({ id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      <FieldMessage id={errorId} hint={hint} hintId={hintId} error={error} />
    </div>
  );
}

/** Border and focus styles of text controls, red when there is an error. */
export function textControlClasses(hasError: boolean): string {
  return hasError
    ? "border-danger focus-visible:border-danger focus-visible:ring-danger/25"
    : "border-body/25 hover:border-body/40 focus-visible:border-focus focus-visible:ring-focus/25";
}
