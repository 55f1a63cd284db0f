import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import { Plus, Trash2 } from "lucide-react";
import type { GeneralContent } from "@cohort/common/content";
import { MAX_FOOTER_LINKS } from "@cohort/common/content";
import { locales } from "@cohort/common/i18n";
import { contentKeys } from "../../../../api/content";
import { settingsKeys, updateGeneralSettings } from "../../../../api/settings";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import { TextareaField } from "../../../../ui/textarea-field";
import { ImageUploadField } from "../../shared/image-upload-field";
import { SettingsForm } from "../../shared/settings-form/settings-form";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import type { GeneralFormValues } from "../forms/general-form-schema";
import { generalFormFields, generalFormSchema, generalFormValues } from "../forms/general-form-schema";
import { settingsTab } from "./settings-tab";

/** The organisation's name, addresses, legal links, language and footer. */
export function GeneralForm({ content }: { content: GeneralContent }) {
  const queryClient = useQueryClient();
  const settings = useSettingsForm({
    area: settingsTab,
    content,
    toValues: generalFormValues,
    resolver: zodResolver(generalFormSchema),
    save: (values: GeneralFormValues) => updateGeneralSettings(values),
    queryKey: settingsKeys.general,
    afterSave: () => queryClient.invalidateQueries({ queryKey: contentKeys.general }),
    fields: generalFormFields,
  });
  return (
    <SettingsForm settings={settings} className="max-w-3xl space-y-6">
      <OrganisationCard />
      <RegionCard content={content} />
      <LinksCard />
    </SettingsForm>
  );
}

/** The form's fields and its messages, translated. */
function useGeneralFields() {
  const { t } = useTranslation();
  const form = useFormContext<GeneralFormValues>();
  const message = (text: string | undefined) => translateValidationMessage(t, text);
  return { t, form, errors: form.formState.errors, register: form.register, message };
}

/** Who the organisation is: name, address, logo, site, support address and background. */
function OrganisationCard() {
  const { t, form, errors, register, message } = useGeneralFields();
  const [logoUrl, backgroundUrl] = useWatch({ control: form.control, name: ["logoUrl", "backgroundUrl"] });
  const setImage = (name: "logoUrl" | "backgroundUrl") => (url: string) =>
    form.setValue(name, url, { shouldDirty: true, shouldValidate: true });
  return (
    <Card className="space-y-5">
      <h2 className="text-lg font-bold">{t("adminSettings.general.organisationTitle")}</h2>
      <TextField
        label={t("adminSettings.general.organisationName")}
        error={message(errors.organisationName?.message)}
        autoComplete="organization"
        {...register("organisationName")}
      />
      <TextareaField
        label={t("adminSettings.general.address")}
        hint={t("adminSettings.general.addressHint")}
        error={message(errors.address?.message)}
        rows={3}
        autoComplete="street-address"
        {...register("address")}
      />
      <TextField
        label={t("adminSettings.general.vatNumber")}
        hint={t("adminSettings.general.vatNumberHint")}
        error={message(errors.vatNumber?.message)}
        autoComplete="off"
        {...register("vatNumber")}
      />
      <ImageUploadField
        label={t("adminSettings.general.logoUpload")}
        hint={t("adminSettings.general.uploadHint")}
        value={logoUrl}
        onChange={setImage("logoUrl")}
        previewAlt={t("adminSettings.general.logoPreview")}
        removeLabel={t("adminSettings.general.imageRemove")}
        uploadingLabel={t("adminSettings.general.uploading")}
        previewClassName="aspect-square w-32"
        previewBounds={{ width: 256, height: 256 }}
      >
        <TextField
          label={t("adminSettings.general.logoUrl")}
          hint={t("adminSettings.general.imageHint")}
          error={message(errors.logoUrl?.message)}
          inputMode="url"
          {...register("logoUrl")}
        />
      </ImageUploadField>
      <TextField
        label={t("adminSettings.general.siteUrl")}
        hint={t("adminSettings.general.siteUrlHint")}
        error={message(errors.siteUrl?.message)}
        inputMode="url"
        {...register("siteUrl")}
      />
      <TextField
        label={t("adminSettings.general.supportEmail")}
        hint={t("adminSettings.general.supportEmailHint")}
        error={message(errors.supportEmail?.message)}
        type="email"
        autoComplete="off"
        {...register("supportEmail")}
      />
      <ImageUploadField
        label={t("adminSettings.general.backgroundUpload")}
        hint={t("adminSettings.general.uploadHint")}
        value={backgroundUrl}
        onChange={setImage("backgroundUrl")}
        previewAlt={t("adminSettings.general.backgroundPreview")}
        removeLabel={t("adminSettings.general.imageRemove")}
        uploadingLabel={t("adminSettings.general.uploading")}
        previewClassName="aspect-[16/10] w-48"
        previewBounds={{ width: 480, height: 300 }}
      >
        <TextField
          label={t("adminSettings.general.backgroundUrl")}
          hint={t("adminSettings.general.backgroundUrlHint")}
          error={message(errors.backgroundUrl?.message)}
          inputMode="url"
          {...register("backgroundUrl")}
        />
      </ImageUploadField>
    </Card>
  );
}

/** The site's language, its currency (fixed) and whether contributions show. */
function RegionCard({ content }: { content: GeneralContent }) {
  const { t, register } = useGeneralFields();
  return (
    <Card className="space-y-5">
      <h2 className="text-lg font-bold">{t("adminSettings.general.regionTitle")}</h2>
      <SelectField label={t("adminSettings.general.locale")} {...register("locale")}>
        {locales.map((locale) => (
          <option key={locale} value={locale}>
            {t(`locales.${locale}`)}
          </option>
        ))}
      </SelectField>
      <div className="space-y-1 text-sm">
        <p className="font-semibold">{t("adminSettings.general.currency")}</p>
        <p>
          {content.currencyCode} ({content.currencySymbol})
        </p>
        <p className="text-body/70">{t("adminSettings.general.currencyHint")}</p>
      </div>
      <CheckboxField
        label={t("adminSettings.general.hideContribution")}
        description={t("adminSettings.general.hideContributionHint")}
        {...register("hideContribution")}
      />
    </Card>
  );
}

/** The legal links and up to a few links of the footer. */
function LinksCard() {
  const { t, form, errors, register, message } = useGeneralFields();
  const footerLinks = useFieldArray({ control: form.control, name: "footerLinks" });
  return (
    <Card className="space-y-5">
      <h2 className="text-lg font-bold">{t("adminSettings.general.linksTitle")}</h2>
      <TextField
        label={t("adminSettings.general.privacyLink")}
        error={message(errors.privacyLink?.message)}
        inputMode="url"
        {...register("privacyLink")}
      />
      <TextField
        label={t("adminSettings.general.termsLink")}
        error={message(errors.termsLink?.message)}
        inputMode="url"
        {...register("termsLink")}
      />
      <TextField
        label={t("adminSettings.general.impressumLink")}
        error={message(errors.impressumLink?.message)}
        inputMode="url"
        {...register("impressumLink")}
      />
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold">{t("adminSettings.general.footerLinks")}</legend>
        {footerLinks.fields.map((field, index) => (
          <div key={field.id} className="flex flex-wrap items-start gap-3 sm:flex-nowrap">
            <TextField
              className="w-full sm:w-48"
              label={t("adminSettings.general.footerLinkText", { number: index + 1 })}
              error={message(errors.footerLinks?.[index]?.text?.message)}
              {...register(`footerLinks.${index}.text`)}
            />
            <TextField
              className="w-full sm:flex-1"
              label={t("adminSettings.general.footerLinkUrl", { number: index + 1 })}
              error={message(errors.footerLinks?.[index]?.url?.message)}
              inputMode="url"
              {...register(`footerLinks.${index}.url`)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="sm:mt-7"
              aria-label={t("adminSettings.general.removeFooterLink", { number: index + 1 })}
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              onClick={() => footerLinks.remove(index)}
            />
          </div>
        ))}
        {footerLinks.fields.length < MAX_FOOTER_LINKS && (
          <Button
            variant="secondary"
            size="sm"
            icon={<Plus aria-hidden="true" className="size-4" />}
            onClick={() => footerLinks.append({ text: "", url: "" })}
          >
            {t("adminSettings.general.addFooterLink")}
          </Button>
        )}
      </fieldset>
    </Card>
  );
}
