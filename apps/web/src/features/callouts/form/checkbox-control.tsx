import type { FormComponent } from "@cohort/common/callout-form";
import { cx } from "../../../ui/class-names";
import { FieldMessage } from "../../../ui/field-message";
import { tickBoxClass, useField } from "./use-field";

/** One tick box; its label sits beside it. */
export function CheckboxControl({ component }: { component: FormComponent }) {
  const field = useField(component);
  return (
    <div>
      <div className="flex gap-3">
        <input
          id={field.id}
          type="checkbox"
          {...field.aria}
          checked={field.value === true}
          aria-readonly={field.isReadOnly || undefined}
          onChange={(event) => {
            if (field.isReadOnly) return;
            field.setValue(event.target.checked);
            field.touch();
          }}
          className={cx(tickBoxClass, "rounded", field.isReadOnly && "pointer-events-none")}
        />
        <label htmlFor={field.id} className="cursor-pointer text-sm font-semibold text-body">
          <span lang={field.textLang}>{field.label}</span>
          {field.isRequired && <span className="ml-1 text-danger">*</span>}
        </label>
      </div>
      <div className="pl-8">
        <FieldMessage
          id={`${field.id}-error`}
          hint={field.description}
          hintId={`${field.id}-hint`}
          hintLang={field.textLang}
          error={field.error}
        />
      </div>
    </div>
  );
}
