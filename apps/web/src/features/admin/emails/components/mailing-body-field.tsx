import { TextareaField } from "../../../../ui/textarea-field";

export interface MailingBodyFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Merge fields the editor may offer to insert. */
  mergeFields?: readonly string[];
  hint?: string | undefined;
  error?: string | undefined;
}

/**
 * The body of an email to many contacts, as HTML. One component, so that a
 * rich-text editor with the same props can take the field's place in one line.
 */
export function MailingBodyField({ id, label, value, onChange, hint, error }: MailingBodyFieldProps) {
  return (
    <TextareaField
      id={id}
      label={label}
      hint={hint}
      error={error}
      rows={14}
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
