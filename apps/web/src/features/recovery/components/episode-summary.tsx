import { useTranslation } from "react-i18next";
import type { PaymentEpisode } from "@cohort/common/recovery";
import { isOpenEpisode } from "@cohort/common/recovery";
import { useFormatters } from "../../../app/i18n/use-formatters";

/**
 * What happened to a failed renewal, in plain words: why it failed (its
 * category), what the person can do, until when the membership stays active
 * and when the provider tries again.
 */
export function EpisodeSummary({ episode }: { episode: PaymentEpisode }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const isOpen = isOpenEpisode(episode.status);
  const nextAttempt =
    episode.nextAttemptAt && new Date(episode.nextAttemptAt) > new Date() ? episode.nextAttemptAt : null;
  return (
    <div className="space-y-2">
      <p className="font-semibold">{t(`recovery.category.${episode.category}.title`)}</p>
      <p>{t(`recovery.category.${episode.category}.help`)}</p>
      <p>
        {t("recovery.summary.amount", { amount: format.currency(episode.amount) })}{" "}
        {isOpen && t("recovery.summary.graceUntil", { date: format.date(episode.graceUntil) })}
      </p>
      {isOpen && nextAttempt && <p>{t("recovery.summary.nextAttempt", { date: format.date(nextAttempt) })}</p>}
    </div>
  );
}
