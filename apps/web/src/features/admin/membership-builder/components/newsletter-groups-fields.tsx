import { useFieldArray, useFormContext } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Plus, Trash2 } from "lucide-react";
import { NEWSLETTER_GROUPS_MAX } from "@cohort/common/content";
import { Button } from "../../../../ui/button";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { FieldMessage } from "../../../../ui/field-message";
import { TextField } from "../../../../ui/text-field";
import { translateFieldMessage } from "../forms/field-messages";
import type { ConfirmationFormInput } from "../forms/setup-form-schema";

/** The newsletter groups new members may choose: an id for the mailing list, a label and whether it starts ticked. */
export function NewsletterGroupsFields() {
  const { t } = useTranslation();
  const {
    control,
    register,
    formState: { errors },
  } = useFormContext<ConfirmationFormInput>();
  const { fields, append, remove } = useFieldArray({ control, name: "newsletterGroups" });
  const message = (text: string | undefined) => translateFieldMessage(t, text);
  const listError = errors.newsletterGroups?.message ?? errors.newsletterGroups?.root?.message;

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold">{t("adminMembership.confirmation.groups")}</legend>
      <p className="text-sm text-body/70">{t("adminMembership.confirmation.groupsHint")}</p>
      {fields.length === 0 ? (
        <p className="text-sm text-body/70">{t("adminMembership.confirmation.noGroups")}</p>
      ) : (
        <ul className="space-y-3">
          {fields.map((field, index) => {
            const number = index + 1;
            return (
              <li
                key={field.id}
                className="grid items-start gap-3 rounded-xl p-3 ring-1 ring-black/10 sm:grid-cols-[10rem_1fr_auto]"
              >
                <TextField
                  label={t("adminMembership.confirmation.groupId", { number })}
                  autoComplete="off"
                  error={message(errors.newsletterGroups?.[index]?.id?.message)}
                  {...register(`newsletterGroups.${index}.id`)}
                />
                <div className="space-y-2">
                  <TextField
                    label={t("adminMembership.confirmation.groupLabel", { number })}
                    autoComplete="off"
                    error={message(errors.newsletterGroups?.[index]?.label?.message)}
                    {...register(`newsletterGroups.${index}.label`)}
                  />
                  <CheckboxField
                    label={t("adminMembership.confirmation.groupChecked")}
                    {...register(`newsletterGroups.${index}.checked`)}
                  />
                </div>
                <Button
                  variant="ghost"
                  size="sm"
                  className="sm:mt-7"
                  aria-label={t("adminMembership.confirmation.removeGroup", { number })}
                  icon={<Trash2 aria-hidden className="size-4" />}
                  onClick={() => remove(index)}
                />
              </li>
            );
          })}
        </ul>
      )}
      <FieldMessage id="newsletter-groups-error" hintId="" error={message(listError)} />
      <Button
        variant="secondary"
        size="sm"
        icon={<Plus aria-hidden className="size-4" />}
        disabled={fields.length >= NEWSLETTER_GROUPS_MAX}
        onClick={() => append({ id: "", label: "", checked: false })}
      >
        {t("adminMembership.confirmation.addGroup")}
      </Button>
    </fieldset>
  );
}
