import { useTranslation } from "react-i18next";
import { TextField } from "../../ui/text-field";

interface NameFieldsProps {
  firstname: string;
  lastname: string;
  onFirstname: (value: string) => void;
  onLastname: (value: string) => void;
  /** After a first try to save: an empty name says so. */
  showsProblems: boolean;
}

/** First and last name, side by side from the small breakpoint; both required. */
export function NameFields({ firstname, lastname, onFirstname, onLastname, showsProblems }: NameFieldsProps) {
  const { t } = useTranslation();
  const required = (value: string, key: string) => (showsProblems && !value.trim() ? t(key) : undefined);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        label={t("join.setup.firstname")}
        autoComplete="given-name"
        value={firstname}
        onChange={(event) => onFirstname(event.target.value)}
        error={required(firstname, "join.errors.firstnameRequired")}
      />
      <TextField
        label={t("join.setup.lastname")}
        autoComplete="family-name"
        value={lastname}
        onChange={(event) => onLastname(event.target.value)}
        error={required(lastname, "join.errors.lastnameRequired")}
      />
    </div>
  );
}
