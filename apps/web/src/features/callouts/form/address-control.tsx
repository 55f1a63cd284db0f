import { lazy, Suspense } from "react";
import type { AddressAnswer, FormComponent } from "@cohort/common/callout-form";
import { FieldFrame } from "./field-frame";
import { frameProps, useField } from "./use-field";

function addressText(value: unknown): string {
  if (typeof value !== "object" || value === null || !("formatted_address" in value)) return "";
  const text = value.formatted_address;
  return typeof text === "string" ? text : "";
}

// The map picker loads with forms that ask for an address, MapLibre only once it opens (decision 036).
const AddressMapField = lazy(() => import("../map/address-map-field").then((m) => ({ default: m.AddressMapField })));

/** An address typed in full, or a location picked on the map, which keeps its coordinates alongside. */
export function AddressControl({ component }: { component: FormComponent }) {
  const field = useField(component);
  return (
    <FieldFrame {...frameProps(field)}>
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
        className={`${field.controlClass} py-2.5`}
      />
      {!field.isReadOnly && (
        <Suspense>
          <AddressMapField value={field.value as AddressAnswer | undefined} onChange={field.setValue} />
        </Suspense>
      )}
    </FieldFrame>
  );
}
