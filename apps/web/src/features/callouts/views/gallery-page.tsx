import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { ImageOff } from "lucide-react";
import type { Callout } from "@cohort/common/callouts";
import { publicCalloutQueryOptions } from "../../../api/callouts";
import { isClientError } from "../../../api/client-error";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { EmptyState } from "../../../ui/empty-state";
import { Skeleton } from "../../../ui/skeleton";
import { mapResponsesQueryOptions } from "../map/map-api";
import { MapSidePanel, ResponseDetails } from "../map/map-panels";
import { publicForm } from "../map/public-form";
import { ResponseViewLayout } from "./response-view-layout";
import { useResponseHash } from "./use-response-hash";

/** `/callouts/:id/gallery`: the photos of the public responses; a click opens one beside them. */
export function GalleryPage() {
  const { t, i18n } = useTranslation();
  const { id = "" } = useParams();
  const callout = useQuery(publicCalloutQueryOptions(id, i18n.language));

  if (callout.isPending) {
    return (
      <div className="min-h-window space-y-4 p-4" aria-busy>
        <span className="sr-only">{t("common.loading")}</span>
        <Skeleton className="h-10 w-2/3" />
        <Skeleton className="h-64 w-full" />
      </div>
    );
  }
  const isMissing = callout.isError && isClientError(callout.error) && callout.error.httpCode === 404;
  if (callout.isError || !callout.data.responseViewSchema?.gallery) {
    return (
      <div className="mx-auto max-w-3xl p-6">
        <Alert variant="error" title={isMissing || callout.data ? t("callouts.notFound") : t("errors.generic")} />
      </div>
    );
  }
  return <Gallery callout={callout.data} />;
}

function Gallery({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  const hash = useResponseHash();
  const responses = useQuery(mapResponsesQueryOptions(callout.slug));
  const form = useMemo(() => callout.formSchema && publicForm(callout.formSchema), [callout.formSchema]);
  const withPhotos = useMemo(() => (responses.data ?? []).filter((item) => item.photos.length > 0), [responses.data]);
  const imageFilter = callout.responseViewSchema?.imageFilter ?? "";
  // A deep link may name any public response, with photos or not.
  const selected = responses.data?.find((item) => item.number === hash.responseNumber);
  const order = useMemo(() => withPhotos.map((item) => item.number), [withPhotos]);

  const panel = selected && (
    <MapSidePanel label={selected.title || `#${selected.number}`} onClose={hash.close}>
      <ResponseDetails
        response={selected}
        form={form}
        callout={callout}
        group={order.includes(selected.number) ? order : [selected.number]}
        onOpen={(next) => hash.open(next, { replace: true })}
      />
    </MapSidePanel>
  );

  let content;
  if (responses.isPending) {
    content = (
      <ul className="gallery-grid" aria-busy>
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index}>
            <Skeleton className="aspect-square w-full rounded-xl" />
          </li>
        ))}
      </ul>
    );
  } else if (responses.isError) {
    content = (
      <div className="mx-auto max-w-xl p-6">
        <Alert variant="error" title={t("calloutViews.loadFailed")}>
          <Button variant="secondary" size="sm" onClick={() => void responses.refetch()}>
            {t("common.retry")}
          </Button>
        </Alert>
      </div>
    );
  } else if (withPhotos.length === 0) {
    content = (
      <EmptyState icon={ImageOff} title={t("calloutViews.noPhotos")} description={t("calloutViews.noPhotosHint")} />
    );
  } else {
    content = (
      <ul className="gallery-grid" aria-label={t("calloutViews.galleryLabel", { title: callout.title })}>
        {withPhotos.map((item) => (
          <li key={item.number}>
            <button
              type="button"
              onClick={() => hash.open(item.number)}
              aria-current={item.number === selected?.number ? "true" : undefined}
              className="gallery-tile focus-ring block w-full overflow-hidden rounded-xl bg-white text-left"
            >
              <img
                src={`${item.photos[0]!.url}?w=400&h=400`}
                alt=""
                loading="lazy"
                className="gallery-photo"
                style={imageFilter ? { filter: imageFilter } : undefined}
              />
              <span className="block truncate px-3 py-2 text-sm font-semibold">
                {item.title || t("calloutViews.untitled", { number: item.number })}
              </span>
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <ResponseViewLayout callout={callout} view="gallery" panel={panel}>
      <main className="gallery-scroll p-3 sm:p-5">{content}</main>
    </ResponseViewLayout>
  );
}
