import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import type { JoinContent } from "@cohort/common/content";
import { contributionPeriods } from "@cohort/common/payments";
import { useGeneralContent } from "../../../../api/content";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { joinContentKeys, updateJoinContent } from "../../../../api/join-content";
import { FormError } from "../../../../app/forms/form-error";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { FieldMessage } from "../../../../ui/field-message";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import { PaymentMethodsFieldset } from "../../shared/payment-methods-fieldset";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import { translateFieldMessage } from "../forms/field-messages";
import { joinFormSchema } from "../forms/join-form-schema";
import type { JoinFormInput, JoinSettings } from "../forms/join-form-values";
import { formPath, joinFormValues } from "../forms/join-form-values";
import { saveSettings } from "../forms/save-settings";
import { PeriodPresetsFields } from "./period-presets-fields";
import { PresetsPreview } from "./presets-preview";
import { SaveBar } from "./save-bar";

const formFields = [
  "title",
  "subtitle",
  "periods",
  "initialAmount",
  "initialPeriod",
  "minMonthlyAmount",
  "showAbsorbFee",
  "showNoContribution",
  "paymentMethods",
] as const;

/** The join form's texts, amounts, minimum, options and payment methods, with a preview of the amounts. */
export function JoinForm({ content }: { content: JoinContent }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { organisationName } = useGeneralContent();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const form = useForm<JoinFormInput, unknown, JoinSettings>({
    resolver: zodResolver(joinFormSchema),
    defaultValues: joinFormValues(content),
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    reset,
    formState: { errors, isSubmitting, isDirty, dirtyFields },
  } = form;
  const message = (text: string | undefined) => translateFieldMessage(t, text, format.currency);
  const periods = getValues("periods");

  const handleValid = async (settings: JoinSettings) => {
    // Visitors' methods are read back filtered by the providers set up; send them only when changed.
    const { paymentMethods: methods, ...rest } = settings;
    const changes = dirtyFields.paymentMethods ? settings : rest;
    await saveSettings({
      save: () => updateJoinContent(changes),
      onSaved: (saved) => {
        queryClient.setQueryData(joinContentKeys.join, saved);
        reset(joinFormValues({ ...saved, paymentMethods: methods }));
      },
      savedTitle: t("adminMembership.saved"),
      fields: formFields,
      setError,
      setFormError,
      toFormPath: (property) => formPath(property.split("."), getValues("periods")).join("."),
    });
  };

  return (
    <FormProvider {...form}>
      <form
        noValidate
        onSubmit={(event) => void handleSubmit(handleValid)(event)}
        className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <div className="space-y-6">
          <FormError message={formError} />
          <Card className="space-y-5">
            <h2 className="text-lg font-bold">{t("adminMembership.joinForm.textsTitle")}</h2>
            <TextField
              label={t("adminMembership.joinForm.title")}
              hint={t("adminMembership.joinForm.titleHint")}
              placeholder={t("join.title", { organisation: organisationName })}
              error={message(errors.title?.message)}
              {...register("title")}
            />
            <RichTextField<JoinFormInput>
              name="subtitle"
              label={t("adminMembership.joinForm.subtitle")}
              hint={t("adminMembership.joinForm.subtitleHint")}
              placeholder={t("join.intro")}
              error={message(errors.subtitle?.message)}
            />
          </Card>

          <Card className="space-y-5">
            <div className="space-y-1">
              <h2 className="text-lg font-bold">{t("adminMembership.joinForm.amountsTitle")}</h2>
              <p className="text-sm text-body/70">{t("adminMembership.joinForm.amountsIntro")}</p>
            </div>
            <TextField
              label={t("adminMembership.joinForm.minMonthlyAmount")}
              hint={t("adminMembership.joinForm.minMonthlyAmountHint")}
              inputMode="numeric"
              className="max-w-xs"
              error={message(errors.minMonthlyAmount?.message)}
              {...register("minMonthlyAmount")}
            />
            {periods.map((period, index) => (
              <PeriodPresetsFields key={period.name} index={index} />
            ))}
            <FieldMessage
              id="periods-error"
              hintId=""
              error={message(errors.periods?.message ?? errors.periods?.root?.message)}
            />
            <div className="grid gap-5 sm:grid-cols-2">
              <SelectField
                label={t("adminMembership.joinForm.initialPeriod")}
                error={message(errors.initialPeriod?.message)}
                {...register("initialPeriod")}
              >
                {contributionPeriods.map((period) => (
                  <option key={period} value={period}>
                    {t(`contribution.periods.${period}`)}
                  </option>
                ))}
              </SelectField>
              <TextField
                label={t("adminMembership.joinForm.initialAmount")}
                hint={t("adminMembership.joinForm.initialAmountHint")}
                inputMode="decimal"
                error={message(errors.initialAmount?.message)}
                {...register("initialAmount")}
              />
            </div>
          </Card>

          <Card className="space-y-5">
            <h2 className="text-lg font-bold">{t("adminMembership.joinForm.optionsTitle")}</h2>
            <CheckboxField
              label={t("adminMembership.joinForm.showAbsorbFee")}
              description={t("adminMembership.joinForm.showAbsorbFeeHint")}
              {...register("showAbsorbFee")}
            />
            <CheckboxField
              label={t("adminMembership.joinForm.showNoContribution")}
              description={t("adminMembership.joinForm.showNoContributionHint")}
              {...register("showNoContribution")}
            />
            <PaymentMethodsFieldset
              look="section"
              legend={t("adminMembership.joinForm.paymentMethods")}
              hint={t("adminMembership.joinForm.paymentMethodsHint")}
              registration={register("paymentMethods")}
              error={message(errors.paymentMethods?.message)}
            />
          </Card>

          <SaveBar isSubmitting={isSubmitting} isDirty={isDirty} />
        </div>
        <aside className="lg:sticky lg:top-6 lg:self-start">
          <PresetsPreview />
        </aside>
      </form>
    </FormProvider>
  );
}
