import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { PaymentMethod } from "@cohort/common/payments";
import { cx } from "../../ui/class-names";

interface PaymentMethodChoiceProps {
  value: PaymentMethod;
  onChange: (method: PaymentMethod) => void;
  /** The methods offered, in order (the join form's settings). */
  methods: readonly PaymentMethod[];
  /** Keeps the legend for screen readers only, under a heading that already says it. */
  hideLegend?: boolean;
}

export function PaymentMethodChoice({ value, onChange, methods, hideLegend = false }: PaymentMethodChoiceProps) {
  const { t } = useTranslation();
  const groupId = useId();
  return (
    <fieldset className="space-y-2">
      <legend className={hideLegend ? "sr-only" : "text-sm font-semibold"}>
        {t("contribution.form.paymentMethod")}
      </legend>
      <div className="grid gap-2">
        {methods.map((method) => (
          <label
            key={method}
            className={cx(
              "flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border bg-white px-3.5 py-2 text-base",
              value === method ? "border-primary ring-1 ring-primary" : "border-black/15 hover:border-primary",
            )}
          >
            <input
              type="radio"
              name={`${groupId}-method`}
              className="focus-ring size-4 accent-primary"
              checked={value === method}
              onChange={() => onChange(method)}
            />
            {t(`contribution.methods.${method}`)}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
