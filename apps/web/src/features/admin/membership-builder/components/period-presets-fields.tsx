import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { JOIN_PRESETS_MAX } from "@cohort/common/content";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Button } from "../../../../ui/button";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { FieldMessage } from "../../../../ui/field-message";
import { TextField } from "../../../../ui/text-field";
import { translateFieldMessage } from "../forms/field-messages";
import type { JoinFormInput } from "../forms/join-form-values";

/** Whether one period is offered, and its suggested amounts: added, removed and moved. */
export function PeriodPresetsFields({ index }: { index: number }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<JoinFormInput>();
  const name = useWatch({ control, name: `periods.${index}.name` });
  const isOffered = useWatch({ control, name: `periods.${index}.isOffered` });
  const { fields, append, remove, move } = useFieldArray({ control, name: `periods.${index}.presetAmounts` });
  const periodLabel = t(`contribution.periods.${name}`);
  const periodErrors = errors.periods?.[index];
  const listError = periodErrors?.presetAmounts?.message ?? periodErrors?.presetAmounts?.root?.message;
  const message = (text: string | undefined) => translateFieldMessage(t, text, format.currency);

  return (
    <fieldset className="space-y-4 rounded-xl p-4 ring-1 ring-black/10">
      <legend className="px-1 text-base font-bold">{periodLabel}</legend>
      <CheckboxField
        label={t("adminMembership.joinForm.offerPeriod", { period: periodLabel })}
        error={message(periodErrors?.name?.message)}
        {...register(`periods.${index}.isOffered`)}
      />
      {isOffered && (
        <div className="space-y-3">
          <p className="text-sm font-semibold">{t("adminMembership.joinForm.presets")}</p>
          {fields.length === 0 && <p className="text-sm text-body/70">{t("adminMembership.joinForm.noPresets")}</p>}
          <ol className="space-y-2">
            {fields.map((field, presetIndex) => {
              const label = t("adminMembership.joinForm.presetLabel", { number: presetIndex + 1, period: periodLabel });
              return (
                <li key={field.id} className="flex items-start gap-2">
                  <TextField
                    label={label}
                    className="w-40 [&>label]:sr-only"
                    inputMode="decimal"
                    autoComplete="off"
                    error={message(periodErrors?.presetAmounts?.[presetIndex]?.amount?.message)}
                    {...register(`periods.${index}.presetAmounts.${presetIndex}.amount`)}
                  />
                  <div className="flex gap-1 pt-1">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t("adminMembership.joinForm.moveUp", { label })}
                      disabled={presetIndex === 0}
                      icon={<ArrowUp aria-hidden className="size-4" />}
                      onClick={() => move(presetIndex, presetIndex - 1)}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t("adminMembership.joinForm.moveDown", { label })}
                      disabled={presetIndex === fields.length - 1}
                      icon={<ArrowDown aria-hidden className="size-4" />}
                      onClick={() => move(presetIndex, presetIndex + 1)}
                    />
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t("adminMembership.joinForm.removePreset", { label })}
                      icon={<Trash2 aria-hidden className="size-4" />}
                      onClick={() => remove(presetIndex)}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
          <FieldMessage id={`period-${index}-presets-error`} hintId="" error={message(listError)} />
          <Button
            variant="secondary"
            size="sm"
            icon={<Plus aria-hidden className="size-4" />}
            disabled={fields.length >= JOIN_PRESETS_MAX}
            onClick={() => append({ amount: "" })}
          >
            {t("adminMembership.joinForm.addPreset")}
          </Button>
          {fields.length >= JOIN_PRESETS_MAX && (
            <p className="text-sm text-body/70">
              {t("adminMembership.joinForm.presetsFull", { max: JOIN_PRESETS_MAX })}
            </p>
          )}
        </div>
      )}
    </fieldset>
  );
}
