import { useRef, useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import type { JoinSetupContent } from "@cohort/common/content";
import { useGeneralContent } from "../../../../api/content";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { joinContentKeys, updateJoinSetupContent } from "../../../../api/join-content";
import { FormError } from "../../../../app/forms/form-error";
import { notifications } from "../../../../app/notifications/notification-store";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import { TextareaField } from "../../../../ui/textarea-field";
import { UnsavedChangesGuard } from "../../callouts/editor/unsaved-changes-guard";
import { applyJoinServerErrors } from "../forms/server-errors";
import { translateFieldMessage } from "../forms/field-messages";
import type { ConfirmationFormInput, ConfirmationFormValues } from "../forms/setup-form-schema";
import { confirmationFields, confirmationFormSchema } from "../forms/setup-form-schema";
import { NewsletterGroupsFields } from "./newsletter-groups-fields";
import { SurveyFields } from "./survey-fields";

function formValues({ welcome: _welcome, ...rest }: JoinSetupContent): ConfirmationFormInput {
  return rest;
}

/** The newsletter and mail opt-ins and the survey new members meet once they have joined. */
export function ConfirmationForm({ content }: { content: JoinSetupContent }) {
  const { t } = useTranslation();
  const { organisationName } = useGeneralContent();
  const queryClient = useQueryClient();
  const skipGuard = useRef(false);
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

  const handleValid = async (values: ConfirmationFormValues) => {
    setFormError(null);
    try {
      const saved = await updateJoinSetupContent(values);
      queryClient.setQueryData(joinContentKeys.setup, saved);
      reset(formValues(saved));
      notifications.addToast({ variant: "success", title: t("adminMembership.saved") });
    } catch (failure) {
      if (isClientError(failure) && failure.httpCode >= 500) return;
      if (isClientError(failure) && applyJoinServerErrors(failure, confirmationFields, setError)) return;
      setFormError(messageForError(failure));
    }
  };

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
              <TextareaField
                label={t("adminMembership.confirmation.sectionText")}
                hint={hint}
                rows={3}
                error={message(errors.mailText?.message)}
                {...register("mailText")}
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

        <div className="flex flex-wrap items-center gap-3">
          <Button type="submit" isLoading={isSubmitting}>
            {t("adminMembership.save")}
          </Button>
          {isDirty && <p className="text-sm text-body/70">{t("adminMembership.unsaved")}</p>}
        </div>
        <UnsavedChangesGuard when={isDirty} skipRef={skipGuard} description={t("adminMembership.leaveDescription")} />
      </form>
    </FormProvider>
  );
}
