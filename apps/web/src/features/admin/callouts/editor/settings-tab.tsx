import { useTranslation } from "react-i18next";
import { useWatch } from "react-hook-form";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import { TextareaField } from "../../../../ui/textarea-field";
import { useDateTime } from "../../../../app/i18n/use-date-time";
import { ChoiceGroup } from "../../shared/choice-group";
import { useEditorForm, useEditorTarget, useFieldError, useIsLive } from "./editor-context";
import type { CalloutEditorValues } from "./editor-values";

function DateFields() {
  const { t } = useTranslation();
  const { register } = useEditorForm();
  const target = useEditorTarget();
  const isLive = useIsLive();
  const dateTime = useDateTime();
  const [startMode, endMode] = useWatch<CalloutEditorValues, ["startMode", "endMode"]>({
    name: ["startMode", "endMode"],
  });
  const startError = useFieldError("startDate");
  const endError = useFieldError("endDate");

  return (
    <Card className="grid gap-6 md:grid-cols-2">
      {isLive && target.starts ? (
        <div className="space-y-1">
          <p className="text-sm font-semibold">{t("adminCallouts.settings.start")}</p>
          <p className="text-body/75">{t("adminCallouts.settings.startedOn", { date: dateTime(target.starts) })}</p>
        </div>
      ) : (
        <div className="space-y-3">
          <ChoiceGroup
            legend={t("adminCallouts.settings.start")}
            registration={register("startMode")}
            choices={[
              { value: "now", label: t("adminCallouts.settings.startNow") },
              { value: "scheduled", label: t("adminCallouts.settings.startScheduled") },
            ]}
          />
          {startMode === "scheduled" && (
            <TextField
              type="datetime-local"
              label={t("adminCallouts.settings.startDate")}
              error={startError}
              {...register("startDate")}
            />
          )}
        </div>
      )}
      <div className="space-y-3">
        <ChoiceGroup
          legend={t("adminCallouts.settings.end")}
          registration={register("endMode")}
          choices={[
            { value: "never", label: t("adminCallouts.settings.endNever") },
            { value: "scheduled", label: t("adminCallouts.settings.endScheduled") },
          ]}
        />
        {endMode === "scheduled" && (
          <TextField
            type="datetime-local"
            label={t("adminCallouts.settings.endDate")}
            error={endError}
            {...register("endDate")}
          />
        )}
      </div>
    </Card>
  );
}

function AccessFields() {
  const { t } = useTranslation();
  const { register } = useEditorForm();
  const [openTo, contactInfo, hasNewsletter] = useWatch<
    CalloutEditorValues,
    ["openTo", "contactInfo", "hasNewsletter"]
  >({ name: ["openTo", "contactInfo", "hasNewsletter"] });
  const isAnonymousOnly = openTo === "everyone" && contactInfo === "none";

  return (
    <Card className="space-y-6">
      <h3 className="font-bold">{t("adminCallouts.settings.accessTitle")}</h3>
      <ChoiceGroup
        legend={t("adminCallouts.settings.openTo")}
        registration={register("openTo")}
        choices={[
          { value: "members", label: t("adminCallouts.settings.openToMembers") },
          { value: "everyone", label: t("adminCallouts.settings.openToEveryone") },
        ]}
      />
      {openTo === "everyone" && (
        <ChoiceGroup
          legend={t("adminCallouts.settings.contactInfo")}
          registration={register("contactInfo")}
          choices={(["none", "required", "optional"] as const).map((value) => ({
            value,
            label: t(`adminCallouts.settings.contactInfoChoices.${value}`),
            description: t(`adminCallouts.settings.contactInfoHints.${value}`),
          }))}
        />
      )}
      <ChoiceGroup
        legend={t("adminCallouts.settings.responseMode")}
        registration={register("responseMode")}
        choices={(["multiple", "single-editable", "single-final"] as const).map((value) => ({
          value,
          label: t(`adminCallouts.settings.responseModes.${value}`),
        }))}
      />
      <ChoiceGroup
        legend={t("adminCallouts.settings.captcha")}
        registration={register("captcha")}
        choices={(["none", "guest", "all"] as const).map((value) => ({
          value,
          label: t(`adminCallouts.settings.captchaChoices.${value}`),
        }))}
      />
      <CheckboxField
        label={t("adminCallouts.settings.visible")}
        description={t("adminCallouts.settings.visibleHint")}
        {...register("isVisible")}
      />
      {!isAnonymousOnly && (
        <div className="space-y-4">
          <CheckboxField
            label={t("adminCallouts.settings.newsletter")}
            description={t("adminCallouts.settings.newsletterHint")}
            {...register("hasNewsletter")}
          />
          {hasNewsletter && (
            <div className="grid gap-4 md:grid-cols-2">
              <TextField label={t("adminCallouts.settings.newsletterTitle")} {...register("newsletter.title")} />
              <TextField label={t("adminCallouts.settings.newsletterOptIn")} {...register("newsletter.optIn")} />
              <TextareaField
                className="md:col-span-2"
                rows={3}
                label={t("adminCallouts.settings.newsletterText")}
                {...register("newsletter.text")}
              />
            </div>
          )}
        </div>
      )}
    </Card>
  );
}

/** When the callout runs, who may answer and how. */
export function SettingsTab() {
  return (
    <div className="space-y-6">
      <DateFields />
      <AccessFields />
    </div>
  );
}
