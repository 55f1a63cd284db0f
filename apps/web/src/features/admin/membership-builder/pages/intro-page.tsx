import { useQuery } from "@tanstack/react-query";
import { joinSetupContentQueryOptions } from "../../../../api/join-content";
import { IntroForm } from "../components/intro-form";
import { LoadError } from "../../shared/load-error";
import { LoadingCard } from "../../shared/loading-card";

/** The intro tab: the welcome new members read when they set up their account. */
export function IntroPage() {
  const content = useQuery({ ...joinSetupContentQueryOptions, staleTime: 0 });
  if (content.isPending) return <LoadingCard />;
  if (content.isError) return <LoadError error={content.error} onRetry={() => void content.refetch()} />;
  return <IntroForm content={content.data} />;
}
