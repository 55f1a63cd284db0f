import type { ComponentProps } from "react";
import { useId } from "react";
import { FieldMessage } from "./field-message";
import { Select } from "./select";

interface SelectFieldProps extends Omit<ComponentProps<"select">, "size"> {
  label: string;
  hint?: string;
  error?: string;
}

/** A labelled select with a hint and an error, like TextField. */
export function SelectField({ label, hint, error, id, className, children, ...selectProps }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const errorId = `${selectId}-error`;
  const hintId = `${selectId}-hint`;
  const describedBy = [hint && hintId, error && errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="mb-1.5 block text-sm font-semibold text-body">
        {label}
      </label>
      <Select id={selectId} aria-describedby={describedBy} hasError={Boolean(error)} {...selectProps}>
        {children}
      </Select>
      <FieldMessage id={errorId} hint={hint} hintId={hintId} error={error} />
    </div>
  );
}
