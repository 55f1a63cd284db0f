import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Callout } from "@cohort/common/callouts";
import { myLatestResponseQueryOptions } from "../../../api/callouts";
import { Alert } from "../../../ui/alert";
import { Skeleton } from "../../../ui/skeleton";
import { RespondForm } from "./respond-form";

/** The form filled in with the person's response, to change it. */
export function UpdateResponse({ callout }: { callout: Callout & { formSchema: NonNullable<Callout["formSchema"]> } }) {
  const { t } = useTranslation();
  const query = useQuery(myLatestResponseQueryOptions(callout.slug));
  if (query.isPending) return <Skeleton className="h-64 w-full" />;
  if (query.isError) return <Alert variant="error">{t("errors.generic")}</Alert>;
  return <RespondForm callout={callout} answers={query.data?.answers} />;
}
