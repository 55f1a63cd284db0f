import { useTranslation } from "react-i18next";
import type { Callout } from "@cohort/common/callouts";
import { useFormatters } from "../../../app/i18n/use-formatters";
import { Alert } from "../../../ui/alert";

/** Says when a callout that is not open opens, or when it ended. */
export function StatusNotice({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  if (callout.status === "ended") {
    return (
      <Alert variant="info">
        {callout.expires ? t("callouts.status.endedOn", { date: date(callout.expires) }) : t("callouts.status.ended")}
      </Alert>
    );
  }
  if (callout.status === "scheduled" && callout.starts) {
    return <Alert variant="info">{t("callouts.status.opensOn", { date: date(callout.starts) })}</Alert>;
  }
  if (callout.status !== "open") return <Alert variant="info">{t("callouts.status.notOpen")}</Alert>;
  return null;
}
