import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { zodResolver } from "@hookform/resolvers/zod";
import { z } from "zod";
import type { EmailContent } from "@cohort/common/content";
import { TEXT_LIMITS } from "@cohort/common/http";
import { message } from "@cohort/common/validation";
import { settingsKeys, updateEmailSettings } from "../../../../api/settings";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { TextField } from "../../../../ui/text-field";
import { SettingsForm } from "../../shared/settings-form/settings-form";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import { settingsTab } from "./settings-tab";

const emailFormSchema = z.object({
  supportEmailName: z
    .string()
    .trim()
    .max(TEXT_LIMITS.short, { message: message("validation.tooLong", { max: TEXT_LIMITS.short }) }),
  supportEmail: z
    .string()
    .trim()
    .max(TEXT_LIMITS.email, { message: message("validation.tooLong", { max: TEXT_LIMITS.email }) })
    .refine((value) => value === "" || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), {
      message: "Invalid email address",
    }),
});
type EmailFormValues = z.infer<typeof emailFormSchema>;

/** Who emails come from, and the way to the templates. */
export function EmailForm({ content }: { content: EmailContent }) {
  const { t } = useTranslation();
  const settings = useSettingsForm({
    area: settingsTab,
    content,
    toValues: (saved): EmailFormValues => ({
      supportEmailName: saved.supportEmailName,
      supportEmail: saved.supportEmail,
    }),
    resolver: zodResolver(emailFormSchema),
    save: (values: EmailFormValues) => updateEmailSettings(values),
    queryKey: settingsKeys.email,
    fields: ["supportEmailName", "supportEmail"],
  });
  const {
    register,
    formState: { errors },
  } = settings.form;

  return (
    <SettingsForm settings={settings} className="max-w-3xl space-y-6">
      <Card className="space-y-5">
        <h2 className="text-lg font-bold">{t("adminSettings.email.senderTitle")}</h2>
        <TextField
          label={t("adminSettings.email.supportEmailName")}
          hint={t("adminSettings.email.supportEmailNameHint")}
          error={translateValidationMessage(t, errors.supportEmailName?.message)}
          autoComplete="off"
          {...register("supportEmailName")}
        />
        <TextField
          label={t("adminSettings.email.supportEmail")}
          hint={t("adminSettings.email.supportEmailHint")}
          error={translateValidationMessage(t, errors.supportEmail?.message)}
          type="email"
          autoComplete="off"
          {...register("supportEmail")}
        />
        {content.footer && (
          <div className="space-y-1 text-sm">
            <p className="font-semibold">{t("adminSettings.email.footer")}</p>
            <p className="whitespace-pre-line text-body/75">{content.footer}</p>
          </div>
        )}
      </Card>
      <Card className="space-y-2">
        <h2 className="text-lg font-bold">{t("adminSettings.email.templatesTitle")}</h2>
        <p className="text-body/75">{t("adminSettings.email.templatesDescription")}</p>
        <Link to="/admin/emails/templates" className={linkClass}>
          {t("adminSettings.email.templatesLink")}
        </Link>
      </Card>
    </SettingsForm>
  );
}
