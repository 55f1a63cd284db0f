import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ArrowLeft, ArrowRight, Megaphone } from "lucide-react";
import { CALLOUT_LIST_PAGE_SIZE, publicCalloutListQueryOptions } from "../../../api/callouts";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { EmptyState } from "../../../ui/empty-state";
import { Skeleton } from "../../../ui/skeleton";
import { CalloutCard } from "../components/callout-card";

/** `/callouts`: the callouts open now, newest first. */
export function CalloutsPage() {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const query = useQuery({ ...publicCalloutListQueryOptions(offset), placeholderData: keepPreviousData });
  const page = query.data;
  const hasMore = page ? offset + page.count < page.total : false;

  return (
    <div className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("callouts.list.title")}</h1>
        <p className="text-lg text-body/75">{t("callouts.list.intro")}</p>
      </header>
      {query.isPending && (
        <div aria-busy className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">{t("common.loading")}</span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="aspect-[4/3] w-full rounded-2xl" />
          ))}
        </div>
      )}
      {query.isError && <Alert variant="error">{t("errors.generic")}</Alert>}
      {page && page.items.length === 0 && offset === 0 && (
        <EmptyState icon={Megaphone} title={t("callouts.list.emptyTitle")} description={t("callouts.list.emptyText")} />
      )}
      {page && page.items.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {page.items.map((callout) => (
            <CalloutCard key={callout.id} callout={callout} />
          ))}
        </ul>
      )}
      {(offset > 0 || hasMore) && (
        <nav aria-label={t("callouts.list.pages")} className="flex justify-between gap-3">
          <Button
            variant="secondary"
            icon={<ArrowLeft aria-hidden className="size-4" />}
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - CALLOUT_LIST_PAGE_SIZE))}
          >
            {t("callouts.list.newer")}
          </Button>
          <Button variant="secondary" disabled={!hasMore} onClick={() => setOffset(offset + CALLOUT_LIST_PAGE_SIZE)}>
            {t("callouts.list.older")}
            <ArrowRight aria-hidden className="size-4" />
          </Button>
        </nav>
      )}
    </div>
  );
}
