import { useTranslation } from "react-i18next";
import { TextField } from "../../ui/text-field";
import type { PasswordProblem } from "./password-rules";

interface NewPasswordFieldsProps {
  password: string;
  confirmation: string;
  onPasswordChange: (value: string) => void;
  onConfirmationChange: (value: string) => void;
  /** Shown once the form was submitted. */
  problem: PasswordProblem | null;
}

/** A new password and its confirmation, with the house rule as a hint. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  const { problem } = props;
  return (
    <>
      <TextField
        label={t("resets.password.label")}
        hint={t("resets.password.hint")}
        type="password"
        autoComplete="new-password"
        value={props.password}
        onChange={(event) => props.onPasswordChange(event.target.value)}
        error={problem && problem !== "mismatch" ? t(`resets.password.errors.${problem}`) : undefined}
      />
      <TextField
        label={t("resets.password.confirmLabel")}
        type="password"
        autoComplete="new-password"
        value={props.confirmation}
        onChange={(event) => props.onConfirmationChange(event.target.value)}
        error={problem === "mismatch" ? t("resets.password.errors.mismatch") : undefined}
      />
    </>
  );
}
