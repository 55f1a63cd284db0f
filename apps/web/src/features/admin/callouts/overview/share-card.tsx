import { useTranslation } from "react-i18next";
import { ExternalLink } from "lucide-react";
import type { Callout } from "@cohort/common/callouts";
import { siteUrl } from "../../../../config";
import { Card } from "../../../../ui/card";
import { linkClass } from "../../../../ui/class-names";
import { CopyField } from "../../../../ui/copy-field";
import { responseViewPaths } from "../../../callouts";

/** The snippet a newsroom pastes into an article to show the callout there. */
export function embedSnippet(slug: string): string {
  return `<script src="${siteUrl("/embed.js")}" data-url="callouts/${slug}"></script>`;
}

/** The public link, the embed code, and the links of the map and gallery when they are on, each with a copy button. */
export function ShareCard({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  const publicUrl = siteUrl(`/callouts/${encodeURIComponent(callout.slug)}`);
  const views = responseViewPaths(callout);
  return (
    <Card className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-bold">{t("adminCallouts.overview.shareTitle")}</h2>
        <a
          href={`/callouts/${encodeURIComponent(callout.slug)}`}
          target="_blank"
          rel="noreferrer"
          className={`${linkClass} inline-flex items-center gap-1.5 text-sm`}
        >
          {t("adminCallouts.overview.openPublic")}
          <ExternalLink aria-hidden className="size-4" />
        </a>
      </div>
      <CopyField label={t("adminCallouts.overview.publicLink")} value={publicUrl} />
      <CopyField label={t("adminCallouts.overview.embed")} value={embedSnippet(callout.slug)} isCode />
      {views.map && <CopyField label={t("adminCallouts.overview.mapLink")} value={siteUrl(views.map)} />}
      {views.gallery && <CopyField label={t("adminCallouts.overview.galleryLink")} value={siteUrl(views.gallery)} />}
    </Card>
  );
}
