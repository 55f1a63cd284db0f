import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { Archive, ArrowLeft, ArrowRight, Megaphone, SearchX } from "lucide-react";
import type { PublicListView } from "../../../api/callouts";
import { CALLOUT_LIST_PAGE_SIZE, publicCalloutListQueryOptions } from "../../../api/callouts";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { cx } from "../../../ui/class-names";
import { EmptyState } from "../../../ui/empty-state";
import { SearchBox } from "../../../ui/search-box";
import { Skeleton } from "../../../ui/skeleton";
import { CalloutCard } from "../components/callout-card";

const viewClass = (isCurrent: boolean) =>
  cx(
    "focus-ring -mb-px block rounded-t-lg border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap",
    isCurrent ? "border-primary text-primary" : "border-transparent text-body/70 hover:border-body/30 hover:text-body",
  );

/** `/callouts`: the callouts open now, newest first, and the archive of ended ones; searchable by title. */
export function CalloutsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const view: PublicListView = {
    status: params.get("view") === "ended" ? "ended" : "open",
    title: params.get("q") ?? "",
  };
  const offset = Math.max(0, Number.parseInt(params.get("offset") ?? "0", 10) || 0);
  const query = useQuery({ ...publicCalloutListQueryOptions(offset, view), placeholderData: keepPreviousData });
  const page = query.data;
  const hasMore = page ? offset + page.count < page.total : false;

  const change = (next: { view?: string; q?: string; offset?: number }) => {
    const merged = { view: view.status, q: view.title, offset: 0, ...next };
    const search = new URLSearchParams();
    if (merged.view === "ended") search.set("view", "ended");
    if (merged.q) search.set("q", merged.q);
    if (merged.offset > 0) search.set("offset", String(merged.offset));
    setParams(search, { replace: next.q !== undefined });
  };

  const isArchive = view.status === "ended";
  const emptyTitle = view.title
    ? t("callouts.list.noMatchTitle")
    : t(isArchive ? "callouts.list.archiveEmptyTitle" : "callouts.list.emptyTitle");
  const emptyText = view.title
    ? t("callouts.list.noMatchText")
    : t(isArchive ? "callouts.list.archiveEmptyText" : "callouts.list.emptyText");

  return (
    <div className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("callouts.list.title")}</h1>
        <p className="text-lg text-body/75">{t("callouts.list.intro")}</p>
      </header>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <nav aria-label={t("callouts.list.views")} className="overflow-x-auto">
          <ul className="flex min-w-max gap-1 border-b border-black/10">
            {(["open", "ended"] as const).map((status) => (
              <li key={status}>
                <Link
                  to={status === "ended" ? "?view=ended" : "?"}
                  aria-current={view.status === status ? "page" : undefined}
                  className={viewClass(view.status === status)}
                >
                  {t(status === "ended" ? "callouts.list.archive" : "callouts.list.open")}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <SearchBox
          key={view.status}
          value={view.title}
          onSearch={(text) => change({ q: text })}
          label={t("callouts.list.search")}
          placeholder={t("callouts.list.search")}
          clearLabel={t("callouts.list.clearSearch")}
          className="relative w-full sm:w-72"
        />
      </div>
      {query.isPending && (
        <div aria-busy className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          <span className="sr-only">{t("common.loading")}</span>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} className="aspect-[4/3] w-full rounded-2xl" />
          ))}
        </div>
      )}
      {query.isError && <Alert variant="error">{t("errors.generic")}</Alert>}
      {page && page.items.length === 0 && (
        <EmptyState
          icon={view.title ? SearchX : isArchive ? Archive : Megaphone}
          title={emptyTitle}
          description={emptyText}
        />
      )}
      {page && page.items.length > 0 && (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy={query.isFetching}>
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
            onClick={() => change({ offset: Math.max(0, offset - CALLOUT_LIST_PAGE_SIZE) })}
          >
            {t("callouts.list.newer")}
          </Button>
          <Button
            variant="secondary"
            disabled={!hasMore}
            onClick={() => change({ offset: offset + CALLOUT_LIST_PAGE_SIZE })}
          >
            {t("callouts.list.older")}
            <ArrowRight aria-hidden className="size-4" />
          </Button>
        </nav>
      )}
    </div>
  );
}
