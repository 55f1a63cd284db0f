import { useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { TextField } from "../../../../ui/text-field";
import type { ContactDetailsFormInput } from "../forms/contact-form-schema";

/** Delivery opt-in and the postal address, inside a form that provides its context. */
export function DeliveryFields() {
  const { t } = useTranslation();
  const {
    register,
    formState: { errors },
  } = useFormContext<ContactDetailsFormInput>();
  const errorText = (message: string | undefined) => translateValidationMessage(t, message);
  const addressErrors = errors.profile?.deliveryAddress;

  return (
    <fieldset className="space-y-5">
      <legend className="text-base font-bold">{t("admin.contacts.form.deliveryTitle")}</legend>
      <CheckboxField
        label={t("admin.contacts.form.deliveryOptIn")}
        description={t("admin.contacts.form.deliveryOptInHint")}
        {...register("profile.deliveryOptIn")}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label={t("admin.contacts.form.line1")}
          autoComplete="off"
          error={errorText(addressErrors?.line1?.message)}
          {...register("profile.deliveryAddress.line1")}
        />
        <TextField
          label={t("admin.contacts.form.line2")}
          autoComplete="off"
          hint={t("admin.contacts.form.optional")}
          error={errorText(addressErrors?.line2?.message)}
          {...register("profile.deliveryAddress.line2")}
        />
        <TextField
          label={t("admin.contacts.form.city")}
          autoComplete="off"
          error={errorText(addressErrors?.city?.message)}
          {...register("profile.deliveryAddress.city")}
        />
        <TextField
          label={t("admin.contacts.form.postcode")}
          autoComplete="off"
          error={errorText(addressErrors?.postcode?.message)}
          {...register("profile.deliveryAddress.postcode")}
        />
      </div>
    </fieldset>
  );
}
