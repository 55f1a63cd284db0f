import { useTranslation } from "react-i18next";
import type { MailingStatus } from "@cohort/common/mailings";
import { Badge, type BadgeTone } from "../../../../ui/badge";

const tones: Record<MailingStatus, BadgeTone> = {
  draft: "neutral",
  scheduled: "link",
  sending: "warning",
  sent: "success",
};

export function MailingStatusBadge({ status }: { status: MailingStatus }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status]}>{t(`adminMailings.status.${status}`)}</Badge>;
}
