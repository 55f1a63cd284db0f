import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { episodesQueryOptions } from "../../../api/recovery";
import { Alert } from "../../../ui/alert";
import { isOpenEpisode } from "@cohort/common/recovery";
import { EpisodeSummary } from "./episode-summary";

/**
 * On the member's contribution page while a renewal could not be collected:
 * what happened, in plain words, and that a new payment method below fixes it.
 */
export function RenewalProblemNotice() {
  const { t } = useTranslation();
  const episodes = useQuery(episodesQueryOptions("me"));
  const open = episodes.data?.items.find((episode) => isOpenEpisode(episode.status));
  if (!open) return null;
  return (
    <Alert variant="warning" title={t("recovery.notice.title")}>
      <EpisodeSummary episode={open} />
      <p className="mt-2">{t("recovery.notice.action")}</p>
    </Alert>
  );
}
