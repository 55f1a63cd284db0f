import type { ReactNode } from "react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import { isClientError } from "../../../../api/client-error";
import { messageForError } from "../../../../api/error-messages";
import { Button } from "../../../../ui/button";
import { Input } from "../../../../ui/input";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import type { TagNameFormInput, TagNameFormValues } from "../forms/tag-form-schema";
import { tagNameFormSchema } from "../forms/tag-form-schema";

interface TagNameFormProps {
  /** Accessible name of the input. */
  label: string;
  submitLabel: string;
  initialName?: string;
  placeholder?: string;
  autoFocus?: boolean;
  onSubmit: (name: string) => Promise<void>;
  /** Escape calls it too. */
  onCancel?: () => void;
  /** More buttons after the submit button. */
  children?: ReactNode;
}

/** One line: a tag name and a button; used to create a tag and to rename one in place. */
export function TagNameForm({
  label,
  submitLabel,
  initialName = "",
  placeholder,
  autoFocus = false,
  onSubmit,
  onCancel,
  children,
}: TagNameFormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | undefined>(undefined);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TagNameFormInput, unknown, TagNameFormValues>({
    resolver: zodResolver(tagNameFormSchema),
    defaultValues: { name: initialName },
  });

  const handleValid = async ({ name }: TagNameFormValues) => {
    setError(undefined);
    try {
      await onSubmit(name);
      reset({ name: initialName });
    } catch (failure) {
      if (isClientError(failure) && failure.httpCode >= 500) return;
      setError(t(messageForError(failure)));
    }
  };

  const message = translateValidationMessage(t, errors.name?.message) ?? error;
  const errorId = `${label}-error`.replace(/\W+/g, "-");

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(handleValid)(event)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && onCancel) {
          event.preventDefault();
          onCancel();
        }
      }}
      className="min-w-0 flex-1"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Input
          size="sm"
          aria-label={label}
          placeholder={placeholder}
          autoFocus={autoFocus}
          autoComplete="off"
          hasError={Boolean(message)}
          aria-describedby={message ? errorId : undefined}
          className="min-w-40 flex-1"
          {...register("name", { onChange: () => setError(undefined) })}
        />
        <Button type="submit" size="sm" isLoading={isSubmitting}>
          {submitLabel}
        </Button>
        {children}
      </div>
      {message && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm font-medium text-danger">
          {message}
        </p>
      )}
    </form>
  );
}
