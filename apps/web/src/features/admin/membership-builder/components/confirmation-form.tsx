import { useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import type { JoinSetupContent } from "@cohort/common/content";
import { useGeneralContent } from "../../../../api/content";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { joinContentKeys, updateJoinSetupContent } from "../../../../api/join-content";
import { FormError } from "../../../../app/forms/form-error";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import { TextareaField } from "../../../../ui/textarea-field";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import { saveSettings } from "../forms/save-settings";
import { translateFieldMessage } from "../forms/field-messages";
import type { ConfirmationFormInput, ConfirmationFormValues } from "../forms/setup-form-schema";
import { confirmationFields, confirmationFormSchema } from "../forms/setup-form-schema";
import { NewsletterGroupsFields } from "./newsletter-groups-fields";
import { SurveyFields } from "./survey-fields";
import { SaveBar } from "./save-bar";

function formValues({ welcome: _welcome, ...rest }: JoinSetupContent): ConfirmationFormInput {
  return rest;
}

/** The newsletter and mail opt-ins and the survey new members meet once they have joined. */
export function ConfirmationForm({ content }: { content: JoinSetupContent }) {
  const { t } = useTranslation();
  const { organisationName } = useGeneralContent();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const form = useForm<ConfirmationFormInput, unknown, ConfirmationFormValues>({
    resolver: zodResolver(confirmationFormSchema),
    defaultValues: formValues(content),
  });
  const {
    control,
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const showNewsletter = useWatch({ control, name: "showNewsletterOptIn" });
  const showMail = useWatch({ control, name: "showMailOptIn" });
  const message = (text: string | undefined) => translateFieldMessage(t, text);
  const hint = t("adminMembership.confirmation.defaultHint");

  const handleValid = (values: ConfirmationFormValues) =>
    saveSettings({
      save: () => updateJoinSetupContent(values),
      onSaved: (saved) => {
        queryClient.setQueryData(joinContentKeys.setup, saved);
        reset(formValues(saved));
      },
      savedTitle: t("adminMembership.saved"),
      fields: confirmationFields,
      setError,
      setFormError,
    });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="max-w-3xl space-y-6">
        <FormError message={formError} />
        <Card className="space-y-5">
          <div className="space-y-1">
            <h2 className="text-lg font-bold">{t("adminMembership.confirmation.newsletterTitle")}</h2>
            <p className="text-sm text-body/70">{t("adminMembership.confirmation.newsletterIntro")}</p>
          </div>
          <CheckboxField
            label={t("adminMembership.confirmation.showNewsletter")}
            {...register("showNewsletterOptIn")}
          />
          {showNewsletter && (
            <div className="space-y-5">
              <TextField
                label={t("adminMembership.confirmation.sectionTitle")}
                hint={hint}
                error={message(errors.newsletterTitle?.message)}
                {...register("newsletterTitle")}
              />
              <TextareaField
                label={t("adminMembership.confirmation.sectionText")}
                hint={hint}
                placeholder={t("join.setup.newsletterHint", { organisation: organisationName })}
                rows={3}
                error={message(errors.newsletterText?.message)}
                {...register("newsletterText")}
              />
              <TextField
                label={t("adminMembership.confirmation.checkboxLabel")}
                hint={hint}
                placeholder={t("join.setup.newsletter")}
                error={message(errors.newsletterOptIn?.message)}
                {...register("newsletterOptIn")}
              />
              <NewsletterGroupsFields />
            </div>
          )}
        </Card>

        <Card className="space-y-5">
          <div className="space-y-1">
            <h2 className="text-lg font-bold">{t("adminMembership.confirmation.mailTitle")}</h2>
            <p className="text-sm text-body/70">{t("adminMembership.confirmation.mailIntro")}</p>
          </div>
          <CheckboxField label={t("adminMembership.confirmation.showMail")} {...register("showMailOptIn")} />
          {showMail && (
            <div className="space-y-5">
              <TextField
                label={t("adminMembership.confirmation.sectionTitle")}
                hint={hint}
                error={message(errors.mailTitle?.message)}
                {...register("mailTitle")}
              />
              <RichTextField<ConfirmationFormInput>
                name="mailText"
                label={t("adminMembership.confirmation.sectionText")}
                hint={hint}
                placeholder={t("join.setup.mailText")}
                error={message(errors.mailText?.message)}
              />
              <TextField
                label={t("adminMembership.confirmation.checkboxLabel")}
                hint={hint}
                error={message(errors.mailOptIn?.message)}
                {...register("mailOptIn")}
              />
            </div>
          )}
        </Card>

        <Card className="space-y-5">
          <div className="space-y-1">
            <h2 className="text-lg font-bold">{t("adminMembership.confirmation.surveyTitle")}</h2>
            <p className="text-sm text-body/70">{t("adminMembership.confirmation.surveyIntro")}</p>
          </div>
          <SurveyFields savedSlug={content.surveySlug} />
        </Card>

        <SaveBar isSubmitting={isSubmitting} isDirty={isDirty} />
      </form>
    </FormProvider>
  );
}
