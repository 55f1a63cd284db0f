import type { UseFormRegisterReturn } from "react-hook-form";
import { cx } from "../../../ui/class-names";

interface Choice {
  value: string;
  label: string;
  description?: string;
}

interface ChoiceGroupProps {
  legend: string;
  choices: readonly Choice[];
  registration: UseFormRegisterReturn;
  disabled?: boolean;
  className?: string;
}

/** A set of radio buttons for one editor field. */
export function ChoiceGroup({ legend, choices, registration, disabled, className }: ChoiceGroupProps) {
  return (
    <fieldset className={cx("space-y-2", className)} disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold">{legend}</legend>
      {choices.map((choice) => (
        <label key={choice.value} className="flex cursor-pointer gap-3 text-sm has-disabled:cursor-not-allowed">
          <input
            type="radio"
            value={choice.value}
            className="focus-ring mt-0.5 size-4 shrink-0 cursor-pointer accent-primary"
            {...registration}
          />
          <span>
            <span className="font-semibold">{choice.label}</span>
            {choice.description && <span className="block text-body/70">{choice.description}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
