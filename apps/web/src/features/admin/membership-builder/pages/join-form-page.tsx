import { useQuery } from "@tanstack/react-query";
import { joinContentQueryOptions } from "../../../../api/join-content";
import { JoinForm } from "../components/join-form";
import { LoadError } from "../../shared/load-error";
import { LoadingCard } from "../../shared/loading-card";

/** The join form tab: what visitors choose from on /join. */
export function JoinFormPage() {
  // Always read afresh: the admin edits what is stored, not what an earlier page kept.
  const content = useQuery({ ...joinContentQueryOptions, staleTime: 0 });
  if (content.isPending) return <LoadingCard />;
  if (content.isError) return <LoadError error={content.error} onRetry={() => void content.refetch()} />;
  return <JoinForm content={content.data} />;
}
