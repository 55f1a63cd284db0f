import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { ContributionPeriod, PaymentMethod } from "@cohort/common/payments";
import { useGeneralContent } from "../../api/content";
import { useFormatters } from "../../app/i18n/use-formatters";
import { CheckboxField } from "../../ui/checkbox-field";
import { cx } from "../../ui/class-names";
import { TextField } from "../../ui/text-field";
import type { AmountProblem, ContributionChoice, ContributionSettings } from "./contribution-choice";
import { feeSummary, minimumAmount, offeredPeriods, presetsFor, switchPeriod } from "./contribution-choice";

interface ContributionFieldsProps {
  value: ContributionChoice;
  onChange: (value: ContributionChoice) => void;
  /** The method the fee is estimated for. */
  paymentMethod: PaymentMethod;
  problem: AmountProblem | null;
  /** The presets, the minimum and whether paying the fee is offered. */
  settings: ContributionSettings;
  /** Periods that may be chosen, the settings' unless given; an annual member cannot switch to monthly. */
  periods?: readonly ContributionPeriod[];
}

/** A preset amount or period as a choice button: filled when chosen. */
export const choiceClass = (isSelected: boolean) =>
  cx(
    "flex min-h-11 items-center justify-center rounded-lg border px-3 text-base font-semibold transition-colors",
    isSelected ? "border-primary bg-primary text-white" : "border-black/15 bg-white text-body hover:border-primary",
  );

/*
 * The period radios are visually hidden, so the label has to show their
 * keyboard focus; it draws the same ring as the `focus-ring` utility.
 */
const periodFocusRing =
  "has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus";

/** Period, amount and the offer to pay the processing fee. */
export function ContributionFields({
  value,
  onChange,
  paymentMethod,
  problem,
  settings,
  periods = offeredPeriods(settings),
}: ContributionFieldsProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { currencyCode } = useGeneralContent();
  const groupId = useId();
  const fee = settings.showAbsorbFee ? feeSummary(value, paymentMethod, currencyCode) : null;
  const minimum = format.currency(minimumAmount(value.period, settings.minMonthlyAmount));
  const presets = presetsFor(settings, value.period);

  return (
    <div className="space-y-5">
      {periods.length > 1 && (
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold">{t("contribution.form.period")}</legend>
          <div className="grid grid-cols-2 gap-2">
            {periods.map((period) => (
              <label key={period} className={cx(periodFocusRing, choiceClass(value.period === period))}>
                <input
                  type="radio"
                  name={`${groupId}-period`}
                  className="sr-only"
                  checked={value.period === period}
                  onChange={() => onChange(switchPeriod(value, period, settings.minMonthlyAmount))}
                />
                {t(`contribution.periods.${period}`)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">{t("contribution.form.amount")}</legend>
        {presets.length > 0 && (
          <div className="grid grid-cols-3 gap-2">
            {presets.map((preset) => (
              <button
                key={preset}
                type="button"
                aria-pressed={value.amount === String(preset)}
                className={cx("focus-ring", choiceClass(value.amount === String(preset)))}
                onClick={() => onChange({ ...value, amount: String(preset) })}
              >
                {format.currency(preset)}
              </button>
            ))}
          </div>
        )}
        <TextField
          label={t("contribution.form.otherAmount")}
          hint={t("contribution.form.minimum", { amount: minimum })}
          inputMode="decimal"
          value={value.amount}
          onChange={(event) => onChange({ ...value, amount: event.target.value })}
          error={problem ? t(`contribution.errors.${problem}`, { amount: minimum }) : undefined}
        />
      </fieldset>
      {value.period === "monthly" && fee && (
        <CheckboxField
          label={t("contribution.form.payFee", { fee: format.currency(fee.fee) })}
          description={t("contribution.form.payFeeTotal", { total: format.currency(fee.total) })}
          checked={value.payFee}
          onChange={(event) => onChange({ ...value, payFee: event.target.checked })}
        />
      )}
    </div>
  );
}
