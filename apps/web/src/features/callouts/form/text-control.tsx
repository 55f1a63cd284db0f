import type { ComponentProps } from "react";
import type { FormComponent } from "@cohort/common/callout-form";
import { FieldFrame } from "./field-frame";
import { NumberInput } from "./number-input";
import { frameProps, useField } from "./use-field";

type InputAttributes = Pick<ComponentProps<"input">, "type" | "inputMode" | "autoComplete">;

const inputAttributes: Partial<Record<FormComponent["type"], InputAttributes>> = {
  email: { type: "email", inputMode: "email", autoComplete: "email" },
  url: { type: "url", inputMode: "url" },
  phoneNumber: { type: "tel", inputMode: "tel", autoComplete: "tel" },
};

const isNumeric = (component: FormComponent) => component.type === "number" || component.type === "currency";

/** Text, email, web address, phone, number and money answers, on one line or (textarea) several. */
export function TextControl({ component }: { component: FormComponent }) {
  const field = useField(component);
  const text = typeof field.value === "string" ? field.value : "";
  const handleChange = (value: string) => field.setValue(value === "" ? undefined : value);
  let control;
  if (isNumeric(component)) {
    control = <NumberInput component={component} field={field} />;
  } else if (component.type === "textarea") {
    control = (
      <textarea
        id={field.id}
        {...field.aria}
        rows={4}
        value={text}
        placeholder={field.placeholder}
        readOnly={field.isReadOnly}
        onChange={(event) => handleChange(event.target.value)}
        onBlur={field.touch}
        className={`${field.controlClass} py-2.5`}
      />
    );
  } else {
    control = (
      <input
        id={field.id}
        type="text"
        {...inputAttributes[component.type]}
        {...field.aria}
        value={text}
        placeholder={field.placeholder}
        readOnly={field.isReadOnly}
        onChange={(event) => handleChange(event.target.value)}
        onBlur={field.touch}
        className={`${field.controlClass} h-11`}
      />
    );
  }
  return <FieldFrame {...frameProps(field)}>{control}</FieldFrame>;
}
