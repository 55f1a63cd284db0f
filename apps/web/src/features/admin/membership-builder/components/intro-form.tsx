import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import type { JoinSetupContent } from "@cohort/common/content";
import { useGeneralContent } from "../../../../api/content";
import { joinContentKeys, updateJoinSetupContent } from "../../../../api/join-content";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Card } from "../../../../ui/card";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import { SettingsForm } from "../../shared/settings-form/settings-form";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import { builderTab } from "../forms/builder-tab";
import { translateFieldMessage } from "../forms/field-messages";
import type { IntroFormValues } from "../forms/setup-form-schema";
import { introFormSchema } from "../forms/setup-form-schema";

/** The welcome text above the form where new members set up their account. */
export function IntroForm({ content }: { content: JoinSetupContent }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { organisationName } = useGeneralContent();
  const settings = useSettingsForm({
    area: builderTab,
    content,
    toValues: (saved): IntroFormValues => ({ welcome: saved.welcome }),
    resolver: zodResolver(introFormSchema),
    save: (values: IntroFormValues) => updateJoinSetupContent(values),
    queryKey: joinContentKeys.setup,
    fields: ["welcome"],
  });
  const {
    control,
    formState: { errors },
  } = settings.form;

  return (
    <SettingsForm settings={settings} className="max-w-3xl space-y-6">
      <Card className="space-y-5">
        <div className="space-y-1">
          <h2 className="text-lg font-bold">{t("adminMembership.intro.title")}</h2>
          <p className="text-sm text-body/70">{t("adminMembership.intro.description")}</p>
        </div>
        <RichTextField
          name="welcome"
          control={control}
          label={t("adminMembership.intro.welcome")}
          hint={t("adminMembership.intro.welcomeHint")}
          placeholder={t("join.setup.intro", { organisation: organisationName })}
          error={translateFieldMessage(t, errors.welcome?.message, format.currency)}
        />
      </Card>
    </SettingsForm>
  );
}
