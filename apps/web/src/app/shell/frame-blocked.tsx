import { useTranslation } from "react-i18next";
import { ExternalLink } from "lucide-react";
import { linkClass } from "../../ui/class-names";

/** Shown in place of a page that may not be embedded in another site. */
export function FrameBlocked({ target }: { target: string }) {
  const { t } = useTranslation();
  return (
    <main className="grid min-h-window place-items-center p-4">
      <div className="max-w-sm rounded-xl bg-white p-5 text-center text-sm shadow-sm ring-1 ring-black/5">
        <h1 className="text-base font-semibold">{t("frame.title")}</h1>
        <p className="mt-2 text-body/75">{t("frame.description")}</p>
        <a href={target} target="_blank" rel="noopener noreferrer" className={`${linkClass} mt-3 inline-flex gap-1.5`}>
          {t("frame.openInNewTab")}
          <ExternalLink aria-hidden className="size-4 self-center" />
        </a>
      </div>
    </main>
  );
}
