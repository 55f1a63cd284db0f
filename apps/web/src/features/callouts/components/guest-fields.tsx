import { useTranslation } from "react-i18next";
import { TextField } from "../../../ui/text-field";
import type { GuestRule, GuestValues } from "./guest-rule";

interface GuestFieldsProps {
  rule: GuestRule;
  values: GuestValues;
  onChange: (values: GuestValues) => void;
  /** Fields whose errors show: touched ones, or all after a submit attempt. */
  shownErrors: ReadonlySet<keyof GuestValues>;
  onTouch: (field: keyof GuestValues) => void;
}

const fields = [
  { name: "firstname", autoComplete: "given-name", type: "text" },
  { name: "lastname", autoComplete: "family-name", type: "text" },
  { name: "email", autoComplete: "email", type: "email" },
] as const;

/** The name and email of a visitor who is not logged in. */
export function GuestFields({ rule, values, onChange, shownErrors, onTouch }: GuestFieldsProps) {
  const { t } = useTranslation();
  const messages = { required: t("callouts.guest.required"), invalidEmail: t("callouts.guest.invalidEmail") };
  return (
    <fieldset className="space-y-4 rounded-xl bg-body/4 p-4 sm:p-5">
      <legend className="float-left mb-1 w-full text-base font-bold">{t("callouts.guest.title")}</legend>
      <p className="clear-both text-sm text-body/75">
        {rule.isRequired ? t("callouts.guest.requiredIntro") : t("callouts.guest.optionalIntro")}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((field) => {
          const error = rule.errors[field.name];
          return (
            <TextField
              key={field.name}
              className={field.name === "email" ? "sm:col-span-2" : undefined}
              label={t(`callouts.guest.${field.name}`)}
              type={field.type}
              autoComplete={field.autoComplete}
              value={values[field.name]}
              aria-required={rule.isRequired || undefined}
              error={error && shownErrors.has(field.name) ? messages[error] : undefined}
              onChange={(event) => onChange({ ...values, [field.name]: event.target.value })}
              onBlur={() => onTouch(field.name)}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
