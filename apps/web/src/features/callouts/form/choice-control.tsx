import type { FormComponent } from "@cohort/common/callout-form";
import { componentOptions } from "@cohort/common/callout-form";
import { cx } from "../../../ui/class-names";
import { FieldFrame } from "./field-frame";
import { frameProps, tickBoxClass, useField } from "./use-field";

const optionRowClass =
  "flex cursor-pointer gap-3 rounded-lg px-3 py-2.5 ring-1 ring-inset ring-body/15 hover:bg-body/3";

/** Radio buttons (one answer) or check boxes (any number of answers) for the options. */
export function ChoiceControl({ component }: { component: FormComponent }) {
  const field = useField(component);
  const options = componentOptions(component);
  const isRadio = component.type === "radio";
  const ticked: Record<string, boolean> =
    typeof field.value === "object" && field.value !== null && !Array.isArray(field.value)
      ? (field.value as Record<string, boolean>)
      : {};

  const handleChange = (value: string, isChecked: boolean) => {
    if (isRadio) {
      field.setValue(value);
    } else {
      const next = Object.fromEntries(options.map((option) => [option.value, ticked[option.value] === true]));
      field.setValue({ ...next, [value]: isChecked });
    }
    field.touch();
  };

  return (
    <FieldFrame {...frameProps(field)} isGroup isReadOnlyRadioGroup={isRadio && field.isReadOnly}>
      <div className="grid gap-2">
        {options.map((option, index) => {
          const optionId = `${field.id}-${index}`;
          const isChecked = isRadio ? field.value === option.value : ticked[option.value] === true;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cx(optionRowClass, field.isReadOnly && "pointer-events-none")}
            >
              <input
                id={optionId}
                type={isRadio ? "radio" : "checkbox"}
                name={field.id}
                value={option.value}
                checked={isChecked}
                aria-readonly={(!isRadio && field.isReadOnly) || undefined}
                aria-invalid={field.aria["aria-invalid"]}
                onChange={(event) => {
                  if (!field.isReadOnly) handleChange(option.value, event.target.checked);
                }}
                className={cx(tickBoxClass, !isRadio && "rounded", field.isReadOnly && "pointer-events-none")}
              />
              <span lang={field.textLang} className="text-base text-body">
                {field.translate(option.label)}
              </span>
            </label>
          );
        })}
      </div>
    </FieldFrame>
  );
}
