import { useTranslation } from "react-i18next";
import type { PaymentStatus } from "@cohort/common/payments";
import type { BadgeTone } from "../../ui/badge";
import { Badge } from "../../ui/badge";

const tones: Record<PaymentStatus, BadgeTone> = {
  successful: "success",
  pending: "warning",
  failed: "danger",
  cancelled: "neutral",
  draft: "neutral",
};

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return <Badge tone={tones[status]}>{t(`adminPayments.status.${status}`)}</Badge>;
}
