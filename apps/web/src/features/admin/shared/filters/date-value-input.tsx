import { useTranslation } from "react-i18next";
import { Input } from "../../../../ui/input";
import { Select } from "../../../../ui/select";
import { relativeDates } from "./filter-labels";

interface DateValueInputProps {
  value: string | null;
  onChange: (value: string | null) => void;
  label: string;
  hasError?: boolean;
}

const SPECIFIC = "specific";

/** A date: either a day from the calendar or a moment relative to today, such as "7 days ago". */
export function DateValueInput({ value, onChange, label, hasError = false }: DateValueInputProps) {
  const { t } = useTranslation();
  const isRelative = value?.startsWith("$now") ?? false;
  const isKnownRelative = relativeDates.some((option) => option.value === value);
  const mode = isRelative && value ? value : SPECIFIC;

  return (
    <div className="flex flex-wrap gap-2">
      <Select
        size="sm"
        aria-label={label}
        value={mode}
        onChange={(event) => onChange(event.target.value === SPECIFIC ? null : event.target.value)}
        className="min-w-32 flex-1"
      >
        <option value={SPECIFIC}>{t("admin.contacts.filters.dates.specific")}</option>
        {relativeDates.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.labelKey)}
          </option>
        ))}
        {isRelative && !isKnownRelative && value && <option value={value}>{value}</option>}
      </Select>
      {mode === SPECIFIC && (
        <Input
          type="date"
          size="sm"
          aria-label={t("admin.contacts.filters.dates.day", { label })}
          hasError={hasError}
          value={value?.slice(0, 10) ?? ""}
          onChange={(event) => onChange(event.target.value || null)}
          className="min-w-32 flex-1"
        />
      )}
    </div>
  );
}
