import type { CSSProperties } from "react";
import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import type { GeneralContent } from "@cohort/common/content";
import { fonts } from "@cohort/common/content";
import { contentKeys } from "../../../../api/content";
import { settingsKeys, updateGeneralSettings } from "../../../../api/settings";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { loadFonts, systemOnlyFonts } from "../../../../app/theme/font-loader";
import { themeVariables } from "../../../../app/theme/theme-variables";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import { SettingsForm } from "../../shared/settings-form/settings-form";
import { useSettingsForm } from "../../shared/settings-form/use-settings-form";
import type { ThemeFormValues } from "../forms/theme-form-schema";
import {
  contrastProblems,
  editableColors,
  themeFormSchema,
  themeFormValues,
  themePayload,
} from "../forms/theme-form-schema";
import { settingsTab } from "./settings-tab";

const isColor = (value: string) => /^#[0-9a-fA-F]{6}$/.test(value);

/** The variables of a theme for one part of the page, so the preview shows it before it is saved. */
function previewStyle(values: ThemeFormValues, stored: GeneralContent["theme"]): CSSProperties {
  const colors = Object.fromEntries(Object.entries(values.colors).filter(([, value]) => isColor(value)));
  const variables = themeVariables({ ...stored, colors: { ...stored.colors, ...colors }, fonts: values.fonts });
  const style: Record<string, string> = {};
  for (const [name, value] of Object.entries(variables)) {
    style[name] = value;
    style[name.replace("--cohort-", "--color-")] = value;
  }
  style.fontFamily = variables["--cohort-font-body"] ?? "";
  return style;
}

/** The organisation's colours and fonts, with a live preview and a contrast check. */
export function ThemeForm({ content }: { content: GeneralContent }) {
  const queryClient = useQueryClient();
  const settings = useSettingsForm({
    area: settingsTab,
    content,
    toValues: (saved) => themeFormValues(saved.theme),
    resolver: zodResolver(themeFormSchema),
    save: (form: ThemeFormValues) => updateGeneralSettings({ theme: themePayload(form, content.theme) }),
    queryKey: settingsKeys.general,
    afterSave: () => queryClient.invalidateQueries({ queryKey: contentKeys.general }),
    fields: [],
  });
  const values = useWatch({ control: settings.form.control }) as ThemeFormValues;
  const titleFont = values.fonts?.title;
  const bodyFont = values.fonts?.body;
  useEffect(() => void loadFonts([titleFont, bodyFont]), [titleFont, bodyFont]);

  return (
    <SettingsForm settings={settings} className="space-y-6">
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <div className="space-y-6">
          <ColorsCard values={values} />
          <FontsCard values={values} />
        </div>
        <ThemePreview values={values} content={content} />
      </div>
    </SettingsForm>
  );
}

/** The colours, each as text and with a picker, and a warning when a pair reads badly. */
function ColorsCard({ values }: { values: ThemeFormValues }) {
  const { t } = useTranslation();
  const {
    register,
    setValue,
    formState: { errors },
  } = useFormContext<ThemeFormValues>();
  const problems = contrastProblems(values.colors);
  return (
    <Card className="space-y-5">
      <h2 className="text-lg font-bold">{t("adminSettings.theme.colorsTitle")}</h2>
      <div className="grid gap-5 sm:grid-cols-2">
        {editableColors.map((name) => (
          <div key={name} className="flex items-end gap-2">
            <TextField
              className="min-w-0 flex-1"
              label={t(`adminSettings.theme.colors.${name}`)}
              error={translateValidationMessage(t, errors.colors?.[name]?.message)}
              autoComplete="off"
              spellCheck={false}
              {...register(`colors.${name}`)}
            />
            <input
              type="color"
              aria-label={t("adminSettings.theme.pick", { name: t(`adminSettings.theme.colors.${name}`) })}
              className={`h-11 w-12 shrink-0 cursor-pointer rounded-lg border border-body/20 bg-white p-1 ${errors.colors?.[name] ? "mb-7" : ""}`}
              value={isColor(values.colors[name]) ? values.colors[name] : "#000000"}
              onChange={(event) =>
                setValue(`colors.${name}`, event.target.value, { shouldDirty: true, shouldValidate: true })
              }
            />
          </div>
        ))}
      </div>
      {problems.length > 0 && (
        <Alert variant="warning" title={t("adminSettings.theme.contrastTitle")}>
          {t("adminSettings.theme.contrastDescription", {
            colors: problems.map((name) => t(`adminSettings.theme.colors.${name}`)).join(", "),
          })}
        </Alert>
      )}
    </Card>
  );
}

/** The title and body fonts, and which of them only some devices have. */
function FontsCard({ values }: { values: ThemeFormValues }) {
  const { t } = useTranslation();
  const { register } = useFormContext<ThemeFormValues>();
  const deviceOnlyFonts = systemOnlyFonts.filter((font) => font === values.fonts?.title || font === values.fonts?.body);
  return (
    <Card className="space-y-5">
      <h2 className="text-lg font-bold">{t("adminSettings.theme.fontsTitle")}</h2>
      <SelectField label={t("adminSettings.theme.titleFont")} {...register("fonts.title")}>
        {fonts.map((font) => (
          <option key={font} value={font}>
            {t(`adminSettings.theme.fonts.${font}`)}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("adminSettings.theme.bodyFont")} {...register("fonts.body")}>
        {fonts.map((font) => (
          <option key={font} value={font}>
            {t(`adminSettings.theme.fonts.${font}`)}
          </option>
        ))}
      </SelectField>
      {deviceOnlyFonts.length > 0 && (
        <p className="text-sm text-body/75" data-testid="device-font-hint">
          {t("adminSettings.theme.deviceFontHint", {
            fonts: deviceOnlyFonts.map((font) => t(`adminSettings.theme.fonts.${font}`)).join(", "),
          })}
        </p>
      )}
    </Card>
  );
}

/** A sample of a page in the colours and fonts as they are in the form. */
function ThemePreview({ values, content }: { values: ThemeFormValues; content: GeneralContent }) {
  const { t } = useTranslation();
  const style = previewStyle(values, content.theme);
  return (
    <section aria-labelledby="theme-preview" className="space-y-2 lg:sticky lg:top-6">
      <h2 id="theme-preview" className="text-lg font-bold">
        {t("adminSettings.theme.preview")}
      </h2>
      <div style={style} className="space-y-4 rounded-2xl bg-white p-6 text-body shadow-sm ring-1 ring-black/5">
        <p className="text-2xl font-bold text-primary" style={{ fontFamily: "var(--cohort-font-title)" }}>
          {t("adminSettings.theme.sampleTitle", { organisation: content.organisationName })}
        </p>
        <p>
          {t("adminSettings.theme.sampleText")}{" "}
          <a href="#theme-preview" className="font-semibold text-link-text underline underline-offset-4">
            {t("adminSettings.theme.sampleLink")}
          </a>
        </p>
        <div className="flex flex-wrap gap-2">
          <span className="rounded-lg bg-primary px-4 py-2 font-semibold text-on-primary">
            {t("adminSettings.theme.sampleButton")}
          </span>
          <span className="rounded-full bg-success px-3 py-1 text-sm font-semibold text-on-success">
            {t("adminSettings.theme.colors.success")}
          </span>
          <span className="rounded-full bg-warning px-3 py-1 text-sm font-semibold text-on-warning">
            {t("adminSettings.theme.colors.warning")}
          </span>
          <span className="rounded-full bg-danger px-3 py-1 text-sm font-semibold text-on-danger">
            {t("adminSettings.theme.colors.danger")}
          </span>
        </div>
      </div>
    </section>
  );
}
