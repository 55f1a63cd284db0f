import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { zodResolver } from "@hookform/resolvers/zod";
import type { JoinSetupContent } from "@cohort/common/content";
import { useGeneralContent } from "../../../../api/content";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { joinContentKeys, updateJoinSetupContent } from "../../../../api/join-content";
import { FormError } from "../../../../app/forms/form-error";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Card } from "../../../../ui/card";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import { translateFieldMessage } from "../forms/field-messages";
import { saveSettings } from "../forms/save-settings";
import type { IntroFormValues } from "../forms/setup-form-schema";
import { introFormSchema } from "../forms/setup-form-schema";
import { SaveBar } from "./save-bar";

/** The welcome text above the form where new members set up their account. */
export function IntroForm({ content }: { content: JoinSetupContent }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { organisationName } = useGeneralContent();
  const queryClient = useQueryClient();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const {
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<IntroFormValues>({
    resolver: zodResolver(introFormSchema),
    defaultValues: { welcome: content.welcome },
  });

  const handleValid = (values: IntroFormValues) =>
    saveSettings({
      save: () => updateJoinSetupContent(values),
      onSaved: (saved) => {
        queryClient.setQueryData(joinContentKeys.setup, saved);
        reset({ welcome: saved.welcome });
      },
      savedTitle: t("adminMembership.saved"),
      fields: ["welcome"],
      setError,
      setFormError,
    });

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="max-w-3xl space-y-6">
      <FormError message={formError} />
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
      <SaveBar isSubmitting={isSubmitting} isDirty={isDirty} />
    </form>
  );
}
