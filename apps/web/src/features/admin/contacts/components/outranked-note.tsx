import { useTranslation } from "react-i18next";
import { Lock } from "lucide-react";

/** Says why a contact whose rights exceed the user's is only shown: the server refuses any change to them. */
export function OutrankedNote() {
  const { t } = useTranslation();
  return (
    <p className="flex items-start gap-2 text-body/75">
      <Lock aria-hidden className="mt-1 size-4 shrink-0" />
      {t("admin.contacts.detail.outranked")}
    </p>
  );
}
