import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { JoinSetupContent } from "@cohort/common/content";
import type { Contact } from "@cohort/common/contacts";
import { accountKeys, updateOwnContact } from "../../../../api/account";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { useGeneralContent } from "../../../../api/content";
import { sessionKeys } from "../../../../api/session";
import { FormError } from "../../../../app/forms/form-error";
import { notifications } from "../../../../app/notifications/notification-store";
import { Button } from "../../../../ui/button";
import { AccountFormCard } from "./account-form-card";
import { DeliverySection } from "../../../../shared/setup-choices/delivery-section";
import { NameFields } from "../../../../shared/setup-choices/name-fields";
import { NewsletterSection } from "../../../../shared/setup-choices/newsletter-section";
import type { DeliveryValues } from "../../../../shared/setup-choices/join-setup-choice";
import { deliveryProblems, emptyDelivery, setupProfile } from "../../../../shared/setup-choices/join-setup-choice";

function initialDelivery(contact: Contact): DeliveryValues {
  const address = contact.profile?.deliveryAddress;
  return {
    ...emptyDelivery,
    ...(address ?? {}),
    optIn: contact.profile?.deliveryOptIn ?? false,
  };
}

/**
 * Name, and the newsletter and printed edition where the organisation offers
 * them (the same settings as the last step of joining).
 */
export function DetailsCard({ contact, content }: { contact: Contact; content: JoinSetupContent }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { organisationName } = useGeneralContent();
  const [firstname, setFirstname] = useState(contact.firstname);
  const [lastname, setLastname] = useState(contact.lastname);
  const [newsletterOptIn, setNewsletterOptIn] = useState(contact.profile?.newsletterStatus === "subscribed");
  const [groupIds, setGroupIds] = useState(contact.profile?.newsletterGroups ?? []);
  const [delivery, setDelivery] = useState(() => initialDelivery(contact));
  const [submitted, setSubmitted] = useState(false);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isPending, setIsPending] = useState(false);

  const addressProblems = submitted && content.showMailOptIn ? deliveryProblems(delivery) : [];

  const save = async () => {
    setSubmitted(true);
    const hasAddressProblem = content.showMailOptIn && deliveryProblems(delivery).length > 0;
    if (!firstname.trim() || !lastname.trim() || hasAddressProblem) return;
    setError(null);
    setIsPending(true);
    try {
      const saved = await updateOwnContact({
        firstname: firstname.trim(),
        lastname: lastname.trim(),
        profile: setupProfile(content, { newsletterOptIn, groupIds, delivery }),
      });
      queryClient.setQueryData(accountKeys.me, (previous: Contact | undefined) => ({ ...previous, ...saved }));
      await queryClient.invalidateQueries({ queryKey: sessionKeys.me });
      notifications.addToast({ variant: "success", title: t("account.details.saved") });
      setSubmitted(false);
    } catch (failure) {
      setError(messageForError(failure));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <AccountFormCard title={t("account.details.title")} isSpacious onSubmit={save}>
      <NameFields
        firstname={firstname}
        lastname={lastname}
        onFirstname={setFirstname}
        onLastname={setLastname}
        showsProblems={submitted}
      />
      {content.showNewsletterOptIn && (
        <NewsletterSection
          content={content}
          organisationName={organisationName}
          optIn={newsletterOptIn}
          onOptInChange={setNewsletterOptIn}
          groupIds={groupIds}
          onGroupsChange={setGroupIds}
        />
      )}
      {content.showMailOptIn && (
        <DeliverySection content={content} value={delivery} onChange={setDelivery} problems={addressProblems} />
      )}
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" isLoading={isPending}>
          {t("account.details.save")}
        </Button>
      </div>
    </AccountFormCard>
  );
}
