import type { ReactNode } from "react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import type { EmailTemplate, EmailTemplateId, UpdateEmailTemplate } from "@cohort/common/emails";
import { allowedMergeFields } from "@cohort/common/emails";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { applyServerFieldErrors } from "../../../../app/forms/server-field-errors";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { TextField } from "../../../../ui/text-field";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import type { TemplateFormInput, TemplateFormValues } from "../forms/template-form-schema";
import { templateFieldMessage, templateFormSchema } from "../forms/template-form-schema";

interface TemplateFormProps {
  templateId: EmailTemplateId;
  template: EmailTemplate;
  onSave: (values: UpdateEmailTemplate) => Promise<void>;
  /** More buttons beside the save button. */
  children?: ReactNode;
}

/** An email's subject and text in one language, with the merge fields it may use. */
export function TemplateForm({ templateId, template, onSave, children }: TemplateFormProps) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<TemplateFormInput, unknown, TemplateFormValues>({
    resolver: zodResolver(templateFormSchema(templateId)),
    defaultValues: { subject: template.subject, body: template.body },
  });

  // Empty wording is allowed (the email goes out as written), so say so before saving.
  const isSubjectEmpty = useWatch({ control, name: "subject" }).trim() === "";
  const isBodyEmpty = useWatch({ control, name: "body" }).trim() === "";

  const handleValid = async (values: TemplateFormValues) => {
    setFormError(null);
    try {
      await onSave(values);
    } catch (failure) {
      if (isClientError(failure) && failure.httpCode >= 500) return;
      if (isClientError(failure) && applyServerFieldErrors(failure, ["subject", "body"], setError)) return;
      setFormError(messageForError(failure));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="space-y-5">
      <FormError message={formError} />
      <TextField
        label={t("adminEmails.editor.subject")}
        error={templateFieldMessage(t, errors.subject?.message)}
        autoComplete="off"
        {...register("subject")}
      />
      <RichTextField
        control={control}
        name="body"
        label={t("adminEmails.editor.body")}
        hint={t("adminEmails.editor.bodyHint")}
        error={templateFieldMessage(t, errors.body?.message)}
        mergeFields={allowedMergeFields(templateId)}
      />
      <div className="space-y-2">
        <p className="text-sm font-semibold">{t("adminEmails.editor.mergeFields")}</p>
        <p className="text-sm text-body/75">{t("adminEmails.editor.mergeFieldsHint")}</p>
        <ul aria-label={t("adminEmails.editor.mergeFields")} className="flex flex-wrap gap-2">
          {allowedMergeFields(templateId).map((name) => (
            <li key={name}>
              <code className="rounded bg-body/8 px-2 py-1 text-sm">{`*|${name}|*`}</code>
            </li>
          ))}
        </ul>
      </div>
      {isSubjectEmpty || isBodyEmpty ? (
        <Alert variant="warning">
          {[
            isSubjectEmpty ? t("adminEmails.editor.subjectEmptyWarning") : null,
            isBodyEmpty ? t("adminEmails.editor.bodyEmptyWarning") : null,
          ]
            .filter(Boolean)
            .join(" ")}
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" isLoading={isSubmitting}>
          {t("adminEmails.editor.save")}
        </Button>
        {children}
      </div>
    </form>
  );
}
