import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { LoadError } from "./load-error";
import { LoadingCard } from "./loading-card";

/** A tab's settings once read: a loading card until then, or the failure with a way to try again. */
export function WhenLoaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isPending) return <LoadingCard />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
