import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import type { PaymentContent } from "@cohort/common/content";
import { MAX_GRACE_DAYS, MIN_GRACE_DAYS } from "@cohort/common/recovery";
import { message } from "@cohort/common/validation";
import { settingsKeys, updatePaymentSettings } from "../../../../api/settings";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import { TextareaField } from "../../../../ui/textarea-field";
import { SettingsForm } from "../../shared/settings-form/settings-form";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import { settingsTab } from "./settings-tab";

const rateMessage = message("validation.percentInvalid");
const paymentFormSchema = z
  .object({
    taxRateEnabled: z.boolean(),
    taxRate: z.string().trim(),
    /** One reason a line; the server checks their number and length. */
    cancellationReasons: z.string(),
    pausedStaysMember: z.boolean(),
    paymentGraceDays: z
      .string()
      .trim()
      .refine((days) => /^\d+$/.test(days) && Number(days) >= MIN_GRACE_DAYS && Number(days) <= MAX_GRACE_DAYS),
  })
  .superRefine((values, ctx) => {
    if (!values.taxRateEnabled && values.taxRate === "") return;
    const rate = Number(values.taxRate.replace(",", "."));
    if (values.taxRate === "" || !Number.isFinite(rate) || rate < 0 || rate > 100) {
      ctx.addIssue({ code: "custom", path: ["taxRate"], message: rateMessage });
    }
  });
type PaymentFormValues = z.infer<typeof paymentFormSchema>;

const reasonLines = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

const toValues = (saved: PaymentContent): PaymentFormValues => ({
  taxRateEnabled: saved.taxRateEnabled,
  taxRate: saved.taxRate ? String(saved.taxRate) : "",
  cancellationReasons: saved.cancellationReasons.join("\n"),
  pausedStaysMember: saved.pausedStaysMember,
  paymentGraceDays: String(saved.paymentGraceDays),
});

/**
 * The tax included in contributions, how long a failed renewal keeps the
 * membership (decision 066), and what a member who cancels is asked
 * and offered (decision 067). The methods the join form offers have
 * their own card beside it; `hasOtherChanges` says it has unsaved changes.
 */
export function PaymentForm({ content, hasOtherChanges }: { content: PaymentContent; hasOtherChanges: boolean }) {
  const { t } = useTranslation();
  const settings = useSettingsForm({
    area: settingsTab,
    content,
    toValues,
    resolver: zodResolver(paymentFormSchema),
    save: (values: PaymentFormValues) =>
      updatePaymentSettings({
        taxRateEnabled: values.taxRateEnabled,
        ...(values.taxRate !== "" ? { taxRate: Number(values.taxRate.replace(",", ".")) } : {}),
        cancellationReasons: reasonLines(values.cancellationReasons),
        pausedStaysMember: values.pausedStaysMember,
        paymentGraceDays: Number(values.paymentGraceDays),
      }),
    queryKey: settingsKeys.payment,
    fields: ["taxRateEnabled", "taxRate", "cancellationReasons", "pausedStaysMember", "paymentGraceDays"],
  });
  const {
    register,
    control,
    formState: { errors },
  } = settings.form;
  const enabled = useWatch({ control, name: "taxRateEnabled" });

  return (
    <SettingsForm settings={settings} className="max-w-3xl space-y-6" hasOtherChanges={hasOtherChanges}>
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
      <Card className="space-y-5">
        <h2 className="text-lg font-bold">{t("adminSettings.payment.failedTitle")}</h2>
        <TextField
          className="max-w-xs"
          label={t("adminSettings.payment.paymentGraceDays")}
          hint={t("adminSettings.payment.paymentGraceDaysHint")}
          error={errors.paymentGraceDays ? t("adminSettings.payment.paymentGraceDaysInvalid") : undefined}
          inputMode="numeric"
          {...register("paymentGraceDays")}
        />
      </Card>
      <Card className="space-y-5">
        <h2 className="text-lg font-bold">{t("adminSettings.payment.cancelTitle")}</h2>
        <TextareaField
          label={t("adminSettings.payment.cancellationReasons")}
          hint={t("adminSettings.payment.cancellationReasonsHint")}
          error={errors.cancellationReasons ? t("adminSettings.payment.cancellationReasonsInvalid") : undefined}
          rows={6}
          {...register("cancellationReasons")}
        />
        <CheckboxField
          label={t("adminSettings.payment.pausedStaysMember")}
          description={t("adminSettings.payment.pausedStaysMemberHint")}
          {...register("pausedStaysMember")}
        />
      </Card>
    </SettingsForm>
  );
}
