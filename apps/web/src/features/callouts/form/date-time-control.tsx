import type { FormComponent } from "@cohort/common/callout-form";
import { parseAnswerDate } from "@cohort/common/callout-form";
import { asksForTime, isoToLocalInput, localInputToIso } from "./answer-values";
import { FieldFrame } from "./field-frame";
import { frameProps, useField } from "./use-field";

/** A bound of the widget (ISO date or `$now…`) as an input's min or max. */
function inputBound(bound: unknown, hasTime: boolean): string | undefined {
  if (typeof bound !== "string" || bound === "") return undefined;
  const parsed = parseAnswerDate(bound, new Date());
  if (!parsed) return undefined;
  const local = isoToLocalInput(parsed.date.toISOString());
  return hasTime ? local : local.slice(0, 10);
}

/** Dates (with or without a time) and times of day, with the browser's own pickers. */
export function DateTimeControl({ component }: { component: FormComponent }) {
  const field = useField(component);
  const isTime = component.type === "time";
  const hasTime = !isTime && asksForTime(component);
  const stored = typeof field.value === "string" ? field.value : "";
  const value = isTime ? stored : hasTime ? isoToLocalInput(stored) : stored.slice(0, 10);

  const handleChange = (input: string) => {
    if (input === "") field.setValue(undefined);
    else field.setValue(hasTime ? localInputToIso(input) : input);
  };

  return (
    <FieldFrame {...frameProps(field)}>
      <input
        id={field.id}
        type={isTime ? "time" : hasTime ? "datetime-local" : "date"}
        {...field.aria}
        value={value}
        min={isTime ? undefined : inputBound(component.widget?.minDate, hasTime)}
        max={isTime ? undefined : inputBound(component.widget?.maxDate, hasTime)}
        readOnly={field.isReadOnly}
        onChange={(event) => handleChange(event.target.value)}
        onBlur={field.touch}
        className={`${field.controlClass} h-11 sm:max-w-xs`}
      />
    </FieldFrame>
  );
}
