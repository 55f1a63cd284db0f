import { useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import type { Path } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Contact } from "@cohort/common/contacts";
import { isClientError } from "../../../../api/client-error";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { applyServerFieldErrors } from "../../../../app/forms/server-field-errors";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { TextareaField } from "../../../../ui/textarea-field";
import { TextField } from "../../../../ui/text-field";
import type { AddContactFormInput, AddContactFormValues } from "../forms/contact-form-schema";
import { addContactFormSchema, contactServerFields, emptyAddress, toCreateContact } from "../forms/contact-form-schema";
import { useCreateContact } from "../hooks/use-contact-mutations";
import { ContactDetailsFields } from "./contact-details-fields";
import { DeliveryFields } from "./delivery-fields";
import { ManualContributionFields } from "./manual-contribution-fields";
import { RoleFields } from "./role-fields";
import { TagChoiceFields } from "./tag-choice-fields";

/** Where the server reports errors of the roles, e.g. `roles.0.dateExpires`. */
function roleFieldPaths(count: number): Path<AddContactFormInput>[] {
  return Array.from({ length: count }, (_, index) =>
    (["role", "dateAdded", "dateExpires"] as const).map((part): Path<AddContactFormInput> => `roles.${index}.${part}`),
  ).flat();
}

const defaultValues: AddContactFormInput = {
  firstname: "",
  lastname: "",
  email: "",
  password: "",
  profile: { telephone: "", newsletterStatus: "none", deliveryOptIn: false, deliveryAddress: emptyAddress, notes: "" },
  roles: [],
  contribution: { type: "None", amount: "", period: "monthly", source: "" },
  tags: [],
};

interface AddContactFormProps {
  onCreated: (contact: Contact) => void;
  onCancel: () => void;
}

export function AddContactForm({ onCreated, onCancel }: AddContactFormProps) {
  const { t } = useTranslation();
  const create = useCreateContact();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const form = useForm<AddContactFormInput, unknown, AddContactFormValues>({
    resolver: zodResolver(addContactFormSchema),
    defaultValues,
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = form;

  const handleValid = async (values: AddContactFormValues) => {
    setFormError(null);
    try {
      onCreated(await create.mutateAsync(toCreateContact(values)));
    } catch (failure) {
      if (isClientError(failure) && failure.httpCode < 500) {
        if (failure.code === "duplicate-email") {
          setError("email", { type: "server", message: "errors.duplicateEmail" }, { shouldFocus: true });
          return;
        }
        const fields = [
          ...contactServerFields,
          "password",
          "contribution.amount",
          "contribution.source",
          ...roleFieldPaths(getValues("roles").length),
        ] as const;
        if (applyServerFieldErrors<AddContactFormInput>(failure, fields, setError)) return;
      }
      setFormError(messageForError(failure));
    }
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)} className="space-y-6">
        <Card className="space-y-5">
          <h2 className="text-lg font-bold">{t("admin.contacts.form.detailsTitle")}</h2>
          <ContactDetailsFields />
          <TextField
            label={t("admin.contacts.form.password")}
            type="password"
            autoComplete="new-password"
            hint={t("admin.contacts.form.passwordHint")}
            error={translateValidationMessage(t, errors.password?.message)}
            {...register("password")}
          />
        </Card>
        <Card>
          <DeliveryFields />
        </Card>
        <Card>
          <RoleFields />
        </Card>
        <Card>
          <ManualContributionFields />
        </Card>
        <Card>
          <TagChoiceFields />
        </Card>
        <Card>
          <TextareaField
            label={t("admin.contacts.form.notes")}
            hint={t("admin.contacts.form.notesHint")}
            error={translateValidationMessage(t, errors.profile?.notes?.message)}
            {...register("profile.notes")}
          />
        </Card>
        <FormError message={formError} />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" isLoading={create.isPending}>
            {t("admin.contacts.form.create")}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
