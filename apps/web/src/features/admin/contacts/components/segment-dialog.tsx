import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { applyServerFieldErrors } from "../../../../app/forms/server-field-errors";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Button } from "../../../../ui/button";
import { Dialog } from "../../../../ui/dialog";
import { TextField } from "../../../../ui/text-field";
import type { SegmentFormInput, SegmentFormValues } from "../forms/segment-form-schema";
import { segmentFormSchema } from "../forms/segment-form-schema";

interface SegmentDialogProps {
  title: string;
  description?: string;
  submitLabel: string;
  initialValues?: SegmentFormValues;
  onSubmit: (values: SegmentFormValues) => Promise<void>;
  onClose: () => void;
}

/** Asks for a segment's name and description; mount it when it should open. */
export function SegmentDialog({
  title,
  description,
  submitLabel,
  initialValues,
  onSubmit,
  onClose,
}: SegmentDialogProps) {
  const { t } = useTranslation();
  const formId = useId();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SegmentFormInput, unknown, SegmentFormValues>({
    resolver: zodResolver(segmentFormSchema),
    defaultValues: initialValues ?? { name: "", description: "" },
  });

  const handleValid = async (values: SegmentFormValues) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (failure) {
      if (isClientError(failure) && failure.httpCode < 500) {
        if (applyServerFieldErrors<SegmentFormInput>(failure, ["name", "description"], setError)) return;
      }
      setFormError(messageForError(failure));
    }
  };

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={title}
      description={description}
      closeLabel={t("common.close")}
      footer={
        <>
          <Button variant="secondary" size="sm" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" form={formId} size="sm" isLoading={isSubmitting}>
            {submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="space-y-4">
        <TextField
          label={t("admin.contacts.segments.name")}
          error={translateValidationMessage(t, errors.name?.message)}
          {...register("name")}
        />
        <TextField
          label={t("admin.contacts.segments.description")}
          hint={t("admin.contacts.segments.descriptionHint")}
          error={translateValidationMessage(t, errors.description?.message)}
          {...register("description")}
        />
        <FormError message={formError} />
      </form>
    </Dialog>
  );
}
