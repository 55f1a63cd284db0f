import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { paymentMethods } from "@cohort/common/payments";
import { CheckboxField } from "../../../ui/checkbox-field";
import { FieldMessage } from "../../../ui/field-message";

const looks = {
  /** The fieldset is the card: its legend is the card's title. */
  card: { legend: "text-lg font-bold", hint: "text-body/75" },
  /** The fieldset is one part of a larger card. */
  section: { legend: "text-sm font-semibold", hint: "text-sm text-body/70" },
};

interface PaymentMethodsFieldsetProps {
  legend: string;
  hint: string;
  /** The form's `paymentMethods` field, registered once for every checkbox. */
  registration: UseFormRegisterReturn;
  error?: string;
  look: keyof typeof looks;
}

/** The payment methods the join form offers, one checkbox each. */
export function PaymentMethodsFieldset({ legend, hint, registration, error, look }: PaymentMethodsFieldsetProps) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <fieldset className="space-y-3" aria-describedby={hintId}>
      <legend className={looks[look].legend}>{legend}</legend>
      <p id={hintId} className={looks[look].hint}>
        {hint}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {paymentMethods.map((method) => (
          <CheckboxField key={method} label={t(`contribution.methods.${method}`)} value={method} {...registration} />
        ))}
      </div>
      <FieldMessage id={`${id}-error`} hintId="" error={error} />
    </fieldset>
  );
}
