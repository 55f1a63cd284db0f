import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { contactContributionQueryOptions } from "../../../../api/admin-payments";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Card } from "../../../../ui/card";
import { Skeleton } from "../../../../ui/skeleton";
import { ContributionCard } from "../components/contribution-card";
import { OutrankedNote } from "../components/outranked-note";
import { useMayManageContact } from "../hooks/use-may-manage-contact";
import { useRouteContact } from "../../shared/use-route-contact";
import { CancelContributionCard } from "./cancel-contribution-card";
import { ContactPaymentsCard } from "./contact-payments-card";
import { ForceContributionForm } from "./force-contribution-form";
import { ContactEpisodesCard } from "../../../recovery";

/**
 * The contact's contribution and payments, and the admin's changes to them.
 * A contact whose rights exceed the admin's is only shown: the server refuses the changes.
 */
export function ContactContributionPage() {
  const { t } = useTranslation();
  const contact = useRouteContact();
  const info = useQuery(contactContributionQueryOptions(contact.id));
  const mayManage = useMayManageContact(contact);
  const canCancel = info.data && info.data.type !== "None" && !info.data.cancellationDate;
  // A running automatic contribution can't be replaced by hand: offer cancelling it, not a form that would be refused.
  const isRunningAutomatic = info.data?.type === "Automatic" && !info.data.cancellationDate;

  return (
    <div className="space-y-6">
      {info.isPending ? (
        <div role="status">
          <span className="sr-only">{t("common.loading")}</span>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : info.isError ? (
        <Alert variant="error" title={t(messageForError(info.error))} />
      ) : (
        <ContributionCard contact={{ ...contact, contribution: info.data }} heard={info.data} />
      )}
      <ContactPaymentsCard contactId={contact.id} />
      <ContactEpisodesCard contactId={contact.id} />
      {info.isSuccess && !mayManage && (
        <Card>
          <OutrankedNote />
        </Card>
      )}
      {info.isSuccess &&
        mayManage &&
        (isRunningAutomatic ? (
          <Alert variant="info" title={t("adminPayments.contribution.forceTitle")}>
            {t("adminPayments.contribution.automaticRunning")}
          </Alert>
        ) : (
          <ForceContributionForm key={contact.id} contactId={contact.id} />
        ))}
      {canCancel && mayManage && <CancelContributionCard contactId={contact.id} />}
    </div>
  );
}
