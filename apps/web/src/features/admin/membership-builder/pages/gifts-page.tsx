import { useQuery } from "@tanstack/react-query";
import { joinContentQueryOptions } from "../../../../api/join-content";
import { GiftForm } from "../components/gift-form";
import { LoadError } from "../../shared/load-error";
import { LoadingCard } from "../../shared/loading-card";

/** The one-time gifts tab: what visitors may give on /donate. */
export function GiftsPage() {
  // Always read afresh: the admin edits what is stored, not what an earlier page kept.
  const content = useQuery({ ...joinContentQueryOptions, staleTime: 0 });
  if (content.isPending) return <LoadingCard />;
  if (content.isError) return <LoadError error={content.error} onRetry={() => void content.refetch()} />;
  return <GiftForm content={content.data} />;
}
