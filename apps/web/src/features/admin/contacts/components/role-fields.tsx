import { useFieldArray, useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { mayGrantRole, roleTypes } from "@cohort/common/contacts";
import { useSession } from "../../../../api/session";
import { translateValidationMessage } from "../../../../app/forms/validation-message";
import { Button } from "../../../../ui/button";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import type { AddContactFormInput } from "../forms/contact-form-schema";
import { todayInput } from "../forms/date-input";

/** The roles a new contact starts with, each with a start and an optional end; only roles the user may give. */
export function RoleFields() {
  const { t } = useTranslation();
  const activeRoles = useSession()?.activeRoles ?? [];
  const grantable = roleTypes.filter((role) => mayGrantRole(activeRoles, role));
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<AddContactFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "roles" });
  const chosen = useWatch({ control, name: "roles" }).map((role) => role.role);
  const free = grantable.filter((role) => !chosen.includes(role));
  const errorText = (message: string | undefined) => translateValidationMessage(t, message);

  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-bold">{t("admin.contacts.form.rolesTitle")}</legend>
      <p className="text-sm text-body/70">{t("admin.contacts.form.rolesHint")}</p>
      {fields.map((field, index) => {
        const roleErrors = errors.roles?.[index];
        const current = chosen[index];
        return (
          <div
            key={field.id}
            className="grid items-start gap-3 rounded-xl bg-canvas p-4 sm:grid-cols-[1fr_1fr_1fr_auto]"
          >
            <SelectField label={t("admin.contacts.roles.role")} {...register(`roles.${index}.role`)}>
              {grantable
                .filter((role) => role === current || !chosen.includes(role))
                .map((role) => (
                  <option key={role} value={role}>
                    {t(`admin.contacts.roleNames.${role}`)}
                  </option>
                ))}
            </SelectField>
            <TextField
              type="date"
              label={t("admin.contacts.roles.starts")}
              error={errorText(roleErrors?.dateAdded?.message)}
              {...register(`roles.${index}.dateAdded`)}
            />
            <TextField
              type="date"
              label={t("admin.contacts.roles.expires")}
              hint={t("admin.contacts.roles.expiresHint")}
              error={errorText(roleErrors?.dateExpires?.message)}
              {...register(`roles.${index}.dateExpires`)}
            />
            <Button
              variant="ghost"
              size="sm"
              className="sm:mt-7"
              icon={<Trash2 aria-hidden className="size-4" />}
              onClick={() => remove(index)}
            >
              {t("admin.contacts.roles.remove")}
            </Button>
          </div>
        );
      })}
      {free[0] && (
        <Button
          variant="secondary"
          size="sm"
          icon={<Plus aria-hidden className="size-4" />}
          onClick={() => append({ role: free[0] ?? "member", dateAdded: todayInput(), dateExpires: "" })}
        >
          {t("admin.contacts.roles.add")}
        </Button>
      )}
    </fieldset>
  );
}
