import type { AddressAnswer, FormComponent } from "@cohort/common/callout-form";
import { FieldFrame } from "./field-frame";
import { controlClasses, useField } from "./use-field";

function addressText(value: unknown): string {
  if (typeof value !== "object" || value === null || !("formatted_address" in value)) return "";
  const text = value.formatted_address;
  return typeof text === "string" ? text : "";
}

/** An address typed in full; a location picked on the map keeps its coordinates alongside. */
export function AddressControl({ component }: { component: FormComponent }) {
  const field = useField(component);
  return (
    <FieldFrame
      controlId={field.id}
      label={field.label}
      description={field.description}
      error={field.error}
      isRequired={field.isRequired}
    >
      <textarea
        id={field.id}
        {...field.aria}
        rows={3}
        autoComplete="street-address"
        value={addressText(field.value)}
        placeholder={field.placeholder}
        readOnly={field.isReadOnly}
        onChange={(event) => {
          const text = event.target.value;
          // Typed by hand, the address has no coordinates (those come from a map); the rules allow that.
          field.setValue(text.trim() === "" ? undefined : ({ formatted_address: text } as AddressAnswer));
        }}
        onBlur={field.touch}
        className={`${controlClasses(Boolean(field.error))} py-2.5`}
      />
    </FieldFrame>
  );
}
