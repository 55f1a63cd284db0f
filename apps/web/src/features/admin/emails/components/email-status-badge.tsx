import { useTranslation } from "react-i18next";
import type { EmailStatus } from "@cohort/common/emails";
import type { BadgeTone } from "../../../../ui/badge";
import { Badge } from "../../../../ui/badge";

const tones: Record<EmailStatus, BadgeTone> = {
  sent: "success",
  queued: "link",
  retrying: "warning",
  failed: "danger",
  stored: "neutral",
};

/** Where an email stands: sent, waiting, retrying, failed, or kept in the outbox only. */
export function EmailStatusBadge({ status }: { status: EmailStatus }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status]}>{t(`adminEmails.status.${status}`)}</Badge>;
}
