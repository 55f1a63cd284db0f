import { Select } from "../../../ui/select";

export interface TagIdSelectProps {
  value: string | null;
  onChange: (value: string | null) => void;
  label: string;
  hasError?: boolean;
  className?: string;
}

interface TagChoices {
  /** The tags to choose from, undefined while they load. */
  tags: readonly { id: string; name: string }[] | undefined;
  isPending: boolean;
  /** The first option, chosen while no tag is: "loading" while pending, else a prompt. */
  placeholder: string;
  /** Shown for a value that names no tag of the list (a tag deleted since). */
  unknownLabel: string;
}

/** Picks one tag by name; the value is the tag's id. */
export function TagIdSelect({
  tags,
  isPending,
  placeholder,
  unknownLabel,
  value,
  onChange,
  label,
  hasError = false,
  className,
}: TagIdSelectProps & TagChoices) {
  const isUnknown = Boolean(value && tags && !tags.some((tag) => tag.id === value));
  return (
    <Select
      size="sm"
      aria-label={label}
      hasError={hasError}
      value={value ?? ""}
      disabled={isPending}
      onChange={(event) => onChange(event.target.value || null)}
      className={className}
    >
      {/* Not disabled: while it is the only option (no tags yet, or still loading) the browser would
          select no option at all, the select would already report the empty value asked for, and so
          nothing would pick the prompt: the box would stay blank. */}
      <option value="">{placeholder}</option>
      {tags?.map((tag) => (
        <option key={tag.id} value={tag.id}>
          {tag.name}
        </option>
      ))}
      {isUnknown && value && <option value={value}>{unknownLabel}</option>}
    </Select>
  );
}
