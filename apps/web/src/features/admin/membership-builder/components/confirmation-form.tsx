import { useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import type { JoinSetupContent } from "@cohort/common/content";
import { useGeneralContent } from "../../../../api/content";
import { joinContentKeys, updateJoinSetupContent } from "../../../../api/join-content";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import { TextareaField } from "../../../../ui/textarea-field";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import { SettingsForm } from "../../shared/settings-form/settings-form";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import { builderTab } from "../forms/builder-tab";
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
  const settings = useSettingsForm<ConfirmationFormInput, JoinSetupContent, ConfirmationFormValues>({
    area: builderTab,
    content,
    toValues: formValues,
    resolver: zodResolver(confirmationFormSchema),
    save: (values) => updateJoinSetupContent(values),
    queryKey: joinContentKeys.setup,
    fields: confirmationFields,
  });
  const {
    control,
    register,
    formState: { errors },
  } = settings.form;
  const showNewsletter = useWatch({ control, name: "showNewsletterOptIn" });
  const showMail = useWatch({ control, name: "showMailOptIn" });
  const message = (text: string | undefined) => translateFieldMessage(t, text);
  const hint = t("adminMembership.confirmation.defaultHint");

  return (
    <SettingsForm settings={settings} className="max-w-3xl space-y-6">
      <Card className="space-y-5">
        <div className="space-y-1">
          <h2 className="text-lg font-bold">{t("adminMembership.confirmation.newsletterTitle")}</h2>
          <p className="text-sm text-body/70">{t("adminMembership.confirmation.newsletterIntro")}</p>
        </div>
        <CheckboxField label={t("adminMembership.confirmation.showNewsletter")} {...register("showNewsletterOptIn")} />
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
    </SettingsForm>
  );
}
