import { useState } from "react";
import { FormProvider, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import type { Contact } from "@cohort/common/contacts";
import { locales } from "@cohort/common/i18n";
import { isClientError } from "../../../../api/client-error";
import { useGeneralContent } from "../../../../api/content";
import { useSession } from "../../../../api/session";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { FormError } from "../../../../app/forms/form-error";
import { applyServerFieldErrors } from "../../../../app/forms/server-field-errors";
import { notifications } from "../../../../app/notifications/notification-store";
import { Button } from "../../../../ui/button";
import { Card } from "../../../../ui/card";
import { SelectField } from "../../../../ui/select-field";
import { TextareaField } from "../../../../ui/textarea-field";
import type { ContactAccountFormInput, ContactAccountFormValues } from "../forms/contact-form-schema";
import {
  accountFormValues,
  contactAccountFormSchema,
  contactServerFields,
  toUpdateContact,
} from "../forms/contact-form-schema";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { useUpdateContact } from "../hooks/use-contact-mutations";
import { IdentityProofFields, useIdentityProof, useOwnTwoFactor } from "../../../../shared/identity/identity-proof";
import { ContactDetailsFields } from "./contact-details-fields";
import { DeliveryFields } from "./delivery-fields";

/** Name, email, telephone, newsletter, delivery, email language and notes of a contact. */
export function ContactAccountForm({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const update = useUpdateContact(contact.id);
  const user = useSession();
  const { locale: organisationLocale } = useGeneralContent();
  const [formError, setFormError] = useState<ErrorMessageKey | null>(null);
  const form = useForm<ContactAccountFormInput, unknown, ContactAccountFormValues>({
    resolver: zodResolver(contactAccountFormSchema),
    defaultValues: accountFormValues(contact),
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isDirty },
  } = form;
  // A new address of one's own needs the current password (and code), as on the account page (decision 051).
  const isSelf = contact.id === user?.id;
  const proof = useIdentityProof(useOwnTwoFactor(isSelf));
  const email = useWatch({ control, name: "email" });
  const isOwnEmailChange = isSelf && email.trim().toLowerCase() !== contact.email.toLowerCase();

  const handleValid = async (values: ContactAccountFormValues) => {
    setFormError(null);
    const given = isOwnEmailChange ? proof.collect() : {};
    if (!given) return;
    try {
      const saved = await update.mutateAsync({ ...toUpdateContact(values), ...given });
      proof.clear();
      reset(accountFormValues({ ...contact, ...saved, profile: saved.profile ?? contact.profile }));
      notifications.addToast({ variant: "success", title: t("admin.contacts.account.saved") });
      // Someone's own new address waits for the link sent to it; the saved contact keeps the old one.
      const requested = values.email.trim().toLowerCase();
      if (contact.id === user?.id && requested !== saved.email) {
        notifications.addToast({
          variant: "info",
          title: t("admin.contacts.account.emailPending", { email: requested }),
        });
      }
    } catch (failure) {
      if (proof.showFailure(failure)) return;
      if (isClientError(failure) && failure.httpCode < 500) {
        if (failure.code === "duplicate-email") {
          setError("email", { type: "server", message: "errors.duplicateEmail" }, { shouldFocus: true });
          return;
        }
        if (applyServerFieldErrors<ContactAccountFormInput>(failure, contactServerFields, setError)) return;
      }
      setFormError(messageForError(failure));
    }
  };

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void handleSubmit(handleValid)(event)}>
        <Card className="space-y-6">
          <h2 className="text-lg font-bold">{t("admin.contacts.account.title")}</h2>
          <ContactDetailsFields />
          {isOwnEmailChange && (
            <div className="space-y-4">
              <p className="text-sm text-body/75">{t("account.email.proofHint")}</p>
              <IdentityProofFields proof={proof} />
            </div>
          )}
          <DeliveryFields />
          <SelectField
            label={t("account.language.label")}
            error={translateValidationMessage(t, errors.locale?.message)}
            {...register("locale")}
          >
            <option value="">
              {t("account.language.organisationDefault", { language: t(`locales.${organisationLocale}`) })}
            </option>
            {locales.map((locale) => (
              <option key={locale} value={locale}>
                {t(`locales.${locale}`)}
              </option>
            ))}
          </SelectField>
          <TextareaField
            label={t("admin.contacts.form.notes")}
            hint={t("admin.contacts.form.notesHint")}
            error={translateValidationMessage(t, errors.profile?.notes?.message)}
            {...register("profile.notes")}
          />
          <FormError message={formError} />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" disabled={!isDirty} onClick={() => reset()}>
              {t("admin.contacts.account.discard")}
            </Button>
            <Button type="submit" isLoading={update.isPending}>
              {t("admin.contacts.account.save")}
            </Button>
          </div>
        </Card>
      </form>
    </FormProvider>
  );
}
