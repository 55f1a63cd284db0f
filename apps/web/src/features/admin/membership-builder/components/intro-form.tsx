import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
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
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { notifications } from "../../../../app/notifications/notification-store";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { TextareaField } from "../../../../ui/textarea-field";
import { UnsavedChangesGuard } from "../../callouts/editor/unsaved-changes-guard";
import { translateFieldMessage } from "../forms/field-messages";
import { applyJoinServerErrors } from "../forms/server-errors";
import type { IntroFormValues } from "../forms/setup-form-schema";
import { introFormSchema } from "../forms/setup-form-schema";

/** The welcome text above the form where new members set up their account. */
export function IntroForm({ content }: { content: JoinSetupContent }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { organisationName } = useGeneralContent();
  const queryClient = useQueryClient();
  const skipGuard = useRef(false);
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<IntroFormValues>({
    resolver: zodResolver(introFormSchema),
    defaultValues: { welcome: content.welcome },
  });

  const handleValid = async (values: IntroFormValues) => {
    setFormError(null);
    try {
      const saved = await updateJoinSetupContent(values);
      queryClient.setQueryData(joinContentKeys.setup, saved);
      reset({ welcome: saved.welcome });
      notifications.addToast({ variant: "success", title: t("adminMembership.saved") });
    } catch (failure) {
      if (isClientError(failure) && failure.httpCode >= 500) return;
      if (isClientError(failure) && applyJoinServerErrors(failure, ["welcome"], setError)) return;
      setFormError(messageForError(failure));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="max-w-3xl space-y-6">
      <FormError message={formError} />
      <Card className="space-y-5">
        <div className="space-y-1">
          <h2 className="text-lg font-bold">{t("adminMembership.intro.title")}</h2>
          <p className="text-sm text-body/70">{t("adminMembership.intro.description")}</p>
        </div>
        <TextareaField
          label={t("adminMembership.intro.welcome")}
          hint={t("adminMembership.intro.welcomeHint")}
          placeholder={t("join.setup.intro", { organisation: organisationName })}
          rows={6}
          error={translateFieldMessage(t, errors.welcome?.message, format.currency)}
          {...register("welcome")}
        />
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={isSubmitting}>
          {t("adminMembership.save")}
        </Button>
        {isDirty && <p className="text-sm text-body/70">{t("adminMembership.unsaved")}</p>}
      </div>
      <UnsavedChangesGuard when={isDirty} skipRef={skipGuard} description={t("adminMembership.leaveDescription")} />
    </form>
  );
}
