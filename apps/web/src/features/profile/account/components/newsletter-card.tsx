import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import type { Contact } from "@cohort/common/contacts";
import { accountKeys } from "../../../../api/account";
import type { ErrorMessageKey } from "../../../../api/error-messages";
import { messageForError } from "../../../../api/error-messages";
import { newsletterGroupsQueryOptions, updateOwnNewsletter } from "../../../../api/newsletter";
import { FormError } from "../../../../app/forms/form-error";
import { notifications } from "../../../../app/notifications/notification-store";
import { Button } from "../../../../ui/button";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { AccountFormCard } from "./account-form-card";

/** The member's newsletter: whether they get it, and which of the groups on offer. */
export function NewsletterCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const offered = useQuery(newsletterGroupsQueryOptions);
  const status = contact.profile?.newsletterStatus ?? "none";
  const [subscribed, setSubscribed] = useState(status === "subscribed" || status === "pending");
  const [groups, setGroups] = useState<string[]>(contact.profile?.newsletterGroups ?? []);
  const [error, setError] = useState<ErrorMessageKey | null>(null);
  const [isPending, setIsPending] = useState(false);
  const offeredGroups = offered.data ?? [];

  const save = async () => {
    setError(null);
    setIsPending(true);
    try {
      const offeredIds = new Set(offeredGroups.map((group) => group.id));
      const saved = await updateOwnNewsletter({
        subscribed,
        groups: groups.filter((group) => offeredIds.has(group)),
      });
      queryClient.setQueryData(accountKeys.me, (before: Contact | undefined) =>
        before?.profile ? { ...before, profile: { ...before.profile, ...saved } } : before,
      );
      notifications.addToast({ variant: "success", title: t("account.newsletter.saved") });
    } catch (failure) {
      setError(messageForError(failure));
    } finally {
      setIsPending(false);
    }
  };

  return (
    <AccountFormCard title={t("account.newsletter.title")} intro={t("account.newsletter.intro")} onSubmit={save}>
      {status === "pending" && <p className="text-sm text-body/75">{t("account.newsletter.pending")}</p>}
      {status === "cleaned" && <p className="text-sm text-body/75">{t("account.newsletter.cleaned")}</p>}
      <CheckboxField
        label={t("account.newsletter.subscribe")}
        checked={subscribed}
        onChange={(event) => setSubscribed(event.currentTarget.checked)}
      />
      {offeredGroups.length > 0 && (
        <fieldset className="space-y-3" disabled={!subscribed}>
          <legend className="mb-2 text-sm font-semibold">{t("account.newsletter.groups")}</legend>
          {offeredGroups.map((group) => (
            <CheckboxField
              key={group.id}
              label={group.label}
              checked={groups.includes(group.id)}
              onChange={(event) => {
                const checked = event.currentTarget.checked;
                setGroups((before) =>
                  checked ? [...new Set([...before, group.id])] : before.filter((id) => id !== group.id),
                );
              }}
            />
          ))}
        </fieldset>
      )}
      <FormError message={error} />
      <div className="flex justify-end">
        <Button type="submit" isLoading={isPending}>
          {t("account.newsletter.save")}
        </Button>
      </div>
    </AccountFormCard>
  );
}
