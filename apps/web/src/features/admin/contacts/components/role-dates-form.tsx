import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { zodResolver } from "@hookform/resolvers/zod";
import type { RoleType } from "@cohort/common/contacts";
import { Button } from "../../../../ui/button";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import type { RoleFormValues } from "../forms/contact-form-schema";
import { roleFormSchema } from "../forms/contact-form-schema";
import { translateValidationMessage } from "../../../../app/forms/validation-message";

interface RoleDatesFormProps {
  initialValues: RoleFormValues;
  /** The roles that may be chosen; a single one hides the choice. */
  roleChoices: readonly RoleType[];
  submitLabel: string;
  isPending: boolean;
  onSubmit: (values: RoleFormValues) => void;
  onCancel?: () => void;
}

/** A role with its start and optional end date, to add a role or change its dates. */
export function RoleDatesForm({
  initialValues,
  roleChoices,
  submitLabel,
  isPending,
  onSubmit,
  onCancel,
}: RoleDatesFormProps) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RoleFormValues>({ resolver: zodResolver(roleFormSchema), defaultValues: initialValues });

  return (
    <form
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
      className="grid items-start gap-3 sm:grid-cols-[repeat(3,minmax(0,1fr))_auto]"
    >
      {roleChoices.length > 1 ? (
        <SelectField label={t("admin.contacts.roles.role")} {...register("role")}>
          {roleChoices.map((role) => (
            <option key={role} value={role}>
              {t(`admin.contacts.roleNames.${role}`)}
            </option>
          ))}
        </SelectField>
      ) : (
        <input type="hidden" {...register("role")} />
      )}
      <TextField
        type="date"
        label={t("admin.contacts.roles.starts")}
        error={translateValidationMessage(t, errors.dateAdded?.message)}
        {...register("dateAdded")}
      />
      <TextField
        type="date"
        label={t("admin.contacts.roles.expires")}
        hint={t("admin.contacts.roles.expiresHint")}
        error={translateValidationMessage(t, errors.dateExpires?.message)}
        {...register("dateExpires")}
      />
      <div className="flex gap-2 sm:mt-7">
        <Button type="submit" size="sm" isLoading={isPending}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="ghost" size="sm" onClick={onCancel}>
            {t("common.cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
