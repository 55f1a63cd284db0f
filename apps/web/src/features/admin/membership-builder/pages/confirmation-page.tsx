import { useQuery } from "@tanstack/react-query";
import { joinSetupContentQueryOptions } from "../../../../api/join-content";
import { ConfirmationForm } from "../components/confirmation-form";
import { LoadError } from "../../shared/load-error";
import { LoadingCard } from "../../shared/loading-card";

/** The confirmation tab: the opt-ins and the survey at the end of joining. */
export function ConfirmationPage() {
  const content = useQuery({ ...joinSetupContentQueryOptions, staleTime: 0 });
  if (content.isPending) return <LoadingCard />;
  if (content.isError) return <LoadError error={content.error} onRetry={() => void content.refetch()} />;
  return <ConfirmationForm content={content.data} />;
}
