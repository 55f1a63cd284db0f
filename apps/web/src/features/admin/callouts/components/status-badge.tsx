import { useTranslation } from "react-i18next";
import type { CalloutStatus } from "@cohort/common/callouts";
import type { BadgeTone } from "../../../../ui/badge";
import { Badge } from "../../../../ui/badge";

const tones: Record<CalloutStatus, BadgeTone> = {
  draft: "neutral",
  scheduled: "link",
  open: "success",
  ended: "primary",
};

export function StatusBadge({ status }: { status: CalloutStatus }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status]}>{t(`adminCallouts.status.${status}`)}</Badge>;
}
