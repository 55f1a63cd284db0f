import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Callout } from "@cohort/common/callouts";
import { myLatestResponseQueryOptions } from "../../../api/callouts";
import { useFormatters } from "../../../app/i18n/use-formatters";
import { Alert } from "../../../ui/alert";
import { Card } from "../../../ui/card";
import { Skeleton } from "../../../ui/skeleton";
import { CalloutFormRenderer } from "../form";
import { useCalloutLang } from "../hooks/use-callout-lang";

/** The logged-in person's latest response, read-only. */
export function MyResponse({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  const { date } = useFormatters();
  const textLang = useCalloutLang(callout);
  const query = useQuery(myLatestResponseQueryOptions(callout.slug));
  return (
    <Card padding="lg" className="space-y-6">
      <div className="space-y-1">
        <h2 className="text-xl font-bold">{t("callouts.main.yourResponse")}</h2>
        {query.data && (
          <p className="text-sm text-body/70">{t("callouts.main.answeredOn", { date: date(query.data.updatedAt) })}</p>
        )}
      </div>
      {query.isPending && <Skeleton className="h-32 w-full" />}
      {query.isError && <Alert variant="error">{t("errors.generic")}</Alert>}
      {query.data && callout.formSchema && (
        <CalloutFormRenderer
          form={callout.formSchema}
          answers={query.data.answers ?? {}}
          textLang={textLang}
          readOnly
        />
      )}
    </Card>
  );
}
