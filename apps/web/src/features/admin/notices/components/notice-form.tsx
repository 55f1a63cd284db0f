import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Notice } from "@cohort/common/notices";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { applyServerFieldErrors } from "../../../../app/forms/server-field-errors";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { TextField } from "../../../../ui/text-field";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import type { NoticeFormValues } from "../forms/notice-form-schema";
import { noticeFormFields, noticeFormSchema, noticeFormValues } from "../forms/notice-form-schema";

interface NoticeFormProps {
  notice?: Notice;
  onSave: (values: NoticeFormValues) => Promise<void>;
  onCancel: () => void;
}

/** A notice's name, text, optional button, and the dates it shows between. */
export function NoticeForm({ notice, onSave, onCancel }: NoticeFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<NoticeFormValues>({
    resolver: zodResolver(noticeFormSchema),
    defaultValues: noticeFormValues(notice),
  });
  const message = (text: string | undefined) => translateValidationMessage(t, text);

  const handleValid = async (values: NoticeFormValues) => {
    setFormError(null);
    try {
      await onSave(values);
    } catch (failure) {
      if (isClientError(failure) && failure.httpCode >= 500) return;
      if (isClientError(failure) && applyServerFieldErrors(failure, noticeFormFields, setError)) return;
      setFormError(messageForError(failure));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="max-w-3xl space-y-6">
      <FormError message={formError} />
      <Card className="space-y-5">
        <TextField
          label={t("adminNotices.form.name")}
          hint={t("adminNotices.form.nameHint")}
          error={message(errors.name?.message)}
          autoComplete="off"
          {...register("name")}
        />
        <RichTextField
          control={control}
          name="text"
          label={t("adminNotices.form.text")}
          error={message(errors.text?.message)}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("adminNotices.form.buttonText")}
            hint={t("adminNotices.form.buttonTextHint")}
            error={message(errors.buttonText?.message)}
            autoComplete="off"
            {...register("buttonText")}
          />
          <TextField
            label={t("adminNotices.form.url")}
            hint={t("adminNotices.form.urlHint")}
            error={message(errors.url?.message)}
            type="url"
            inputMode="url"
            autoComplete="off"
            {...register("url")}
          />
        </div>
      </Card>
      <Card className="space-y-5">
        <div className="space-y-1">
          <h2 className="text-lg font-bold">{t("adminNotices.form.datesTitle")}</h2>
          <p className="text-sm text-body/70">{t("adminNotices.form.datesHint")}</p>
        </div>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={t("adminNotices.form.starts")}
            error={message(errors.starts?.message)}
            type="datetime-local"
            {...register("starts")}
          />
          <TextField
            label={t("adminNotices.form.expires")}
            error={message(errors.expires?.message)}
            type="datetime-local"
            {...register("expires")}
          />
        </div>
      </Card>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={isSubmitting}>
          {notice ? t("adminNotices.form.save") : t("adminNotices.form.create")}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t("common.cancel")}
        </Button>
      </div>
    </form>
  );
}
