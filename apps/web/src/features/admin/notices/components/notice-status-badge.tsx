import { useTranslation } from "react-i18next";
import type { NoticeStatus } from "@cohort/common/notices";
import type { BadgeTone } from "../../../../ui/badge";
import { Badge } from "../../../../ui/badge";

const tones: Record<NoticeStatus, BadgeTone> = {
  draft: "neutral",
  scheduled: "link",
  open: "success",
  ended: "neutral",
};

export function NoticeStatusBadge({ status }: { status: NoticeStatus }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status]}>{t(`adminNotices.status.${status}`)}</Badge>;
}
