import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { newsletterStatuses } from "@cohort/common/contacts";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import type { ContactDetailsFormInput } from "../forms/contact-form-schema";
import { optionLabelKey } from "../forms/filter-labels";

/** Name, email, telephone and newsletter status, inside a form that provides its context. */
export function ContactDetailsFields() {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<ContactDetailsFormInput>();
  const errorText = (message: string | undefined) => translateValidationMessage(t, message);

  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label={t("admin.contacts.form.firstname")}
        autoComplete="off"
        error={errorText(errors.firstname?.message)}
        {...register("firstname")}
      />
      <TextField
        label={t("admin.contacts.form.lastname")}
        autoComplete="off"
        error={errorText(errors.lastname?.message)}
        {...register("lastname")}
      />
      <TextField
        label={t("admin.contacts.form.email")}
        type="email"
        inputMode="email"
        autoComplete="off"
        error={errorText(errors.email?.message)}
        {...register("email")}
      />
      <TextField
        label={t("admin.contacts.form.telephone")}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        hint={t("admin.contacts.form.optional")}
        error={errorText(errors.profile?.telephone?.message)}
        {...register("profile.telephone")}
      />
      <SelectField
        label={t("admin.contacts.form.newsletterStatus")}
        error={errorText(errors.profile?.newsletterStatus?.message)}
        {...register("profile.newsletterStatus")}
      >
        {newsletterStatuses.map((status) => (
          <option key={status} value={status}>
            {t(optionLabelKey("newsletterStatus", status))}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
