import { useState } from "react";
import type { FormComponent } from "@cohort/common/callout-form";
import { currencySymbol } from "@cohort/common/content";
import { parseTypedNumber } from "./answer-values";
import type { Field } from "./use-field";

/** A number or an amount of money, as typed (a comma counts as the decimal mark). */
export function NumberInput({ component, field }: { component: FormComponent; field: Field }) {
  // The text as typed: "1," is on its way to "1,5" and must not turn into "1" under the person's fingers.
  const [text, setText] = useState(() =>
    typeof field.value === "number" || typeof field.value === "string" ? String(field.value) : "",
  );
  const symbol = component.type === "currency" && component.currency ? currencySymbol(component.currency) : null;
  return (
    <div className="relative">
      {symbol && (
        <span aria-hidden className="pointer-events-none absolute inset-y-0 left-3.5 flex items-center text-body/70">
          {symbol}
        </span>
      )}
      <input
        id={field.id}
        type="text"
        {...field.aria}
        inputMode={component.validate?.integer ? "numeric" : "decimal"}
        value={text}
        placeholder={field.placeholder}
        readOnly={field.isReadOnly}
        onChange={(event) => {
          setText(event.target.value);
          field.setValue(parseTypedNumber(event.target.value));
        }}
        onBlur={field.touch}
        className={`${field.controlClass} h-11 ${symbol ? "pl-9" : ""}`}
      />
    </div>
  );
}
