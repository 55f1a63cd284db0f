import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import type { JoinContent } from "@cohort/common/content";
import { contributionPeriods } from "@cohort/common/payments";
import { useGeneralContent } from "../../../../api/content";
import { joinContentKeys, updateJoinContent } from "../../../../api/join-content";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { FieldMessage } from "../../../../ui/field-message";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import { PaymentMethodsFieldset } from "../../shared/payment-methods-fieldset";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import { SettingsForm } from "../../shared/settings-form/settings-form";
import type { SettingsFormState } from "../../shared/settings-form/use-settings-form";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import { builderTab } from "../forms/builder-tab";
import { translateFieldMessage } from "../forms/field-messages";
import { joinFormSchema } from "../forms/join-form-schema";
import type { JoinFormInput, JoinSettings } from "../forms/join-form-values";
import { formPath, joinFormValues } from "../forms/join-form-values";
import { PeriodPresetsFields } from "./period-presets-fields";
import { PresetsPreview } from "./presets-preview";

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
  // The save reads what changed and the form's periods from the form below, as it is when saving.
  const settings: SettingsFormState<JoinFormInput, JoinSettings> = useSettingsForm({
    area: builderTab,
    content,
    // Visitors' methods are read back filtered by the providers set up: the form keeps those it sent.
    toValues: (saved, sent) => joinFormValues(sent ? { ...saved, paymentMethods: sent.paymentMethods } : saved),
    resolver: zodResolver(joinFormSchema),
    save: (values: JoinSettings): Promise<JoinContent> => {
      // Send the methods only when changed.
      const { paymentMethods: _methods, ...rest } = values;
      return updateJoinContent(dirtyFields.paymentMethods ? values : rest);
    },
    queryKey: joinContentKeys.join,
    fields: formFields,
    toFormPath: (property) => formPath(property.split("."), getValues("periods")).join("."),
  });
  const {
    register,
    getValues,
    formState: { errors, dirtyFields },
  } = settings.form;
  const message = (text: string | undefined) => translateFieldMessage(t, text, format.currency);
  const periods = getValues("periods");

  return (
    <SettingsForm
      settings={settings}
      className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]"
      aside={<PresetsPreview />}
    >
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
    </SettingsForm>
  );
}
