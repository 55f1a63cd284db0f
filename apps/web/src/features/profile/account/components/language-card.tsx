import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Contact } from "@cohort/common/contacts";
import type { Locale } from "@cohort/common/i18n";
import { isLocale, locales } from "@cohort/common/i18n";
import { accountKeys, updateOwnContact } from "../../../../api/account";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { useGeneralContent } from "../../../../api/content";
import { FormError } from "../../../../app/forms/form-error";
import { notifications } from "../../../../app/notifications/notification-store";
import { Button } from "../../../../ui/button";
import { SelectField } from "../../../../ui/select-field";
import { AccountFormCard } from "./account-form-card";

/** The value of "the organisation's language" in the select (no locale stored). */
const ORGANISATION_DEFAULT = "";

/** The language of the member's emails; without a choice, the organisation's. */
export function LanguageCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { locale: organisationLocale } = useGeneralContent();
  const [choice, setChoice] = useState<Locale | typeof ORGANISATION_DEFAULT>(contact.locale ?? ORGANISATION_DEFAULT);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isPending, setIsPending] = useState(false);

  const save = async () => {
    setError(null);
    setIsPending(true);
    try {
      const saved = await updateOwnContact({ locale: choice === ORGANISATION_DEFAULT ? null : choice });
      queryClient.setQueryData(accountKeys.me, saved);
      notifications.addToast({ variant: "success", title: t("account.language.saved") });
    } catch (failure) {
      setError(messageForError(failure));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <AccountFormCard title={t("account.language.title")} intro={t("account.language.intro")} isSpacious onSubmit={save}>
      <SelectField
        label={t("account.language.label")}
        value={choice}
        onChange={(event) => setChoice(isLocale(event.target.value) ? event.target.value : ORGANISATION_DEFAULT)}
      >
        <option value={ORGANISATION_DEFAULT}>
          {t("account.language.organisationDefault", { language: t(`locales.${organisationLocale}`) })}
        </option>
        {locales.map((locale) => (
          <option key={locale} value={locale}>
            {t(`locales.${locale}`)}
          </option>
        ))}
      </SelectField>
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" isLoading={isPending}>
          {t("account.language.save")}
        </Button>
      </div>
    </AccountFormCard>
  );
}
