import type { ReactNode } from "react";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronLeft, ChevronRight, CircleCheck, X } from "lucide-react";
import type { CalloutAnswers, CalloutForm } from "@cohort/common/callout-form";
import type { Callout } from "@cohort/common/callouts";
import { Button } from "../../../ui/button";
import { linkClass } from "../../../ui/class-names";
import { RichText } from "../../../ui/rich-text";
import { GuestConfirmationNote } from "../components/guest-confirmation-note";
import { useCalloutLang } from "../hooks/use-callout-lang";
import { entryPosition, stepEntry } from "./clusters";
import type { LocatedResponse } from "./map-api";

// Through the respond page, whose files the map page then shares (decision 036).
const ReadOnlyForm = lazy(() =>
  import("../pages/callout-respond-page").then((module) => ({ default: module.ReadOnlyForm })),
);

/** The panel beside the map (under it on a phone): a response, the intro, or the form of a new one. */
export function MapSidePanel({
  label,
  onClose,
  children,
}: {
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <aside aria-label={label} className="map-panel rounded-t-2xl bg-white shadow-lg ring-1 ring-black/5 sm:rounded-2xl">
      <div className="flex justify-end p-2">
        <Button variant="ghost" size="sm" onClick={onClose} icon={<X aria-hidden className="size-4" />}>
          {t("calloutMap.close")}
        </Button>
      </div>
      <div className="space-y-5 px-5 pb-4 sm:px-6">{children}</div>
    </aside>
  );
}

/** Photos of a response, one at a time, at the panel's size. */
function PhotoCarousel({ photos, imageFilter }: { photos: LocatedResponse["photos"]; imageFilter: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const photo = photos[Math.min(index, photos.length - 1)];
  if (!photo) return null;
  const step = (by: number) => setIndex((current) => (current + by + photos.length) % photos.length);
  return (
    <figure className="space-y-2">
      <img
        src={`${photo.url}?w=600&h=600`}
        alt=""
        className="aspect-square w-full rounded-xl bg-body/5 object-cover"
        style={imageFilter ? { filter: imageFilter } : undefined}
      />
      {photos.length > 1 && (
        <figcaption className="flex items-center justify-between text-sm">
          <Button variant="ghost" size="sm" onClick={() => step(-1)} aria-label={t("calloutMap.previousPhoto")}>
            <ChevronLeft aria-hidden className="size-4" />
          </Button>
          {t("calloutMap.photoOf", { index: index + 1, total: photos.length })}
          <Button variant="ghost" size="sm" onClick={() => step(1)} aria-label={t("calloutMap.nextPhoto")}>
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </figcaption>
      )}
    </figure>
  );
}

interface ResponseDetailsProps {
  response: LocatedResponse;
  form: CalloutForm | undefined;
  callout: Callout;
  /** The responses the panel pages through (a cluster), lowest number first. */
  group: readonly number[];
  onOpen: (responseNumber: number) => void;
}

/** One public response: title, photos, the answers others may read, the callout's links; paging through a cluster. */
export function ResponseDetails({ response, form, callout, group, onOpen }: ResponseDetailsProps) {
  const { t } = useTranslation();
  const textLang = useCalloutLang(callout);
  const position = entryPosition(group, response.number);
  const view = callout.responseViewSchema;
  const go = (step: -1 | 1) => {
    const next = stepEntry(group, response.number, step);
    if (next !== undefined) onOpen(next);
  };
  return (
    <article className="space-y-5" data-response={response.number}>
      {position && position.total > 1 && (
        <nav aria-label={t("calloutMap.entries")} className="flex items-center justify-between text-sm">
          <Button variant="secondary" size="sm" onClick={() => go(-1)} aria-label={t("calloutMap.previousEntry")}>
            <ChevronLeft aria-hidden className="size-4" />
          </Button>
          <span aria-live="polite">{t("calloutMap.entryOf", { index: position.index, total: position.total })}</span>
          <Button variant="secondary" size="sm" onClick={() => go(1)} aria-label={t("calloutMap.nextEntry")}>
            <ChevronRight aria-hidden className="size-4" />
          </Button>
        </nav>
      )}
      <h2 className="text-xl font-bold tracking-tight">{response.title || `#${response.number}`}</h2>
      <PhotoCarousel key={response.number} photos={response.photos} imageFilter={view?.imageFilter ?? ""} />
      {form && (
        <Suspense>
          <ReadOnlyForm form={form} answers={response.answers as CalloutAnswers} textLang={textLang} />
        </Suspense>
      )}
      {view && view.links.length > 0 && (
        <ul className="space-y-1">
          {view.links.map((link) => (
            <li key={link.url}>
              <a href={link.url} target="_blank" rel="noreferrer" className={linkClass}>
                {link.text}
              </a>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

/** The callout's introduction, and the way to take part. */
export function IntroDetails({ callout, action }: { callout: Callout; action: ReactNode }) {
  const lang = useCalloutLang(callout);
  return (
    <div className="space-y-5">
      {callout.image && <img src={callout.image} alt="" className="aspect-[16/9] w-full rounded-xl object-cover" />}
      <h2 lang={lang} className="text-2xl font-bold tracking-tight">
        {callout.title}
      </h2>
      {callout.intro ? <RichText html={callout.intro} lang={lang} /> : <p lang={lang}>{callout.excerpt}</p>}
      {action}
    </div>
  );
}

interface SentDetailsProps {
  callout: Callout;
  shareUrl: string;
  /** Where a guest's confirmation link went. */
  confirmationEmail?: string | undefined;
}

/** After sending: the callout's thank-you text, where a guest's confirmation link went, and a link to share. */
export function SentDetails({ callout, shareUrl, confirmationEmail }: SentDetailsProps) {
  const { t } = useTranslation();
  const lang = useCalloutLang(callout);
  return (
    <div className="space-y-4 text-center" role="status">
      <CircleCheck aria-hidden className="mx-auto size-12 text-success" />
      <h2 lang={callout.thanksTitle ? lang : undefined} className="text-xl font-bold tracking-tight">
        {callout.thanksTitle || t("callouts.thanks.title")}
      </h2>
      {callout.thanksText ? (
        <RichText html={callout.thanksText} lang={lang} className="text-left" />
      ) : (
        <p>{t("callouts.thanks.text")}</p>
      )}
      {confirmationEmail && <GuestConfirmationNote email={confirmationEmail} />}
      <p className="space-y-1 text-sm">
        <span className="block font-semibold">{t("calloutMap.share")}</span>
        <a href={shareUrl} className={`${linkClass} break-all`}>
          {shareUrl}
        </a>
      </p>
    </div>
  );
}
