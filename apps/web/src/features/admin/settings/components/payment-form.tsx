import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import type { PaymentContent } from "@cohort/common/content";
import { message } from "@cohort/common/validation";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { settingsKeys, updatePaymentSettings } from "../../../../api/settings";
import { FormError } from "../../../../app/forms/form-error";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import { saveSettingsTab } from "./save-settings";
import { SettingsSaveRow } from "./settings-save-row";

const rateMessage = message("validation.percentInvalid");
const paymentFormSchema = z
  .object({ taxRateEnabled: z.boolean(), taxRate: z.string().trim() })
  .superRefine((values, ctx) => {
    if (!values.taxRateEnabled && values.taxRate === "") return;
    const rate = Number(values.taxRate.replace(",", "."));
    if (values.taxRate === "" || !Number.isFinite(rate) || rate < 0 || rate > 100) {
      ctx.addIssue({ code: "custom", path: ["taxRate"], message: rateMessage });
    }
  });
type PaymentFormValues = z.infer<typeof paymentFormSchema>;

/**
 * The tax included in contributions. The methods the join form offers have
 * their own card beside it; `hasOtherChanges` says it has unsaved changes.
 */
export function PaymentForm({ content, hasOtherChanges }: { content: PaymentContent; hasOtherChanges: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const toValues = (saved: PaymentContent): PaymentFormValues => ({
    taxRateEnabled: saved.taxRateEnabled,
    taxRate: saved.taxRate ? String(saved.taxRate) : "",
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PaymentFormValues>({ resolver: zodResolver(paymentFormSchema), defaultValues: toValues(content) });
  const enabled = useWatch({ control, name: "taxRateEnabled" });

  const handleValid = (values: PaymentFormValues) =>
    saveSettingsTab({
      save: () =>
        updatePaymentSettings({
          taxRateEnabled: values.taxRateEnabled,
          ...(values.taxRate !== "" ? { taxRate: Number(values.taxRate.replace(",", ".")) } : {}),
        }),
      onSaved: (saved) => {
        queryClient.setQueryData(settingsKeys.payment, saved);
        reset(toValues(saved));
      },
      savedTitle: t("adminSettings.saved"),
      fields: ["taxRateEnabled", "taxRate"],
      setError,
      setFormError,
    });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="max-w-3xl space-y-6">
      <FormError message={formError} />
      <Card className="space-y-5">
        <h2 className="text-lg font-bold">{t("adminSettings.payment.taxTitle")}</h2>
        <CheckboxField
          label={t("adminSettings.payment.taxRateEnabled")}
          description={t("adminSettings.payment.taxRateEnabledHint")}
          {...register("taxRateEnabled")}
        />
        <TextField
          className="max-w-xs"
          label={t("adminSettings.payment.taxRate")}
          error={translateValidationMessage(t, errors.taxRate?.message)}
          inputMode="decimal"
          disabled={!enabled}
          {...register("taxRate")}
        />
      </Card>
      <SettingsSaveRow isSubmitting={isSubmitting} isDirty={isDirty} hasOtherChanges={hasOtherChanges} />
    </form>
  );
}
