import { useTranslation } from "react-i18next";
import { isEmailTemplateId } from "@cohort/common/emails";

/** The readable name of a template id; an email made without a template is a one-off. */
export function useTemplateName(): (id: string | null) => string {
  const { t } = useTranslation();
  return (id) => {
    if (id === null) return t("adminEmails.outbox.oneOff");
    return isEmailTemplateId(id) ? t(`adminEmails.names.${id}`) : id;
  };
}
