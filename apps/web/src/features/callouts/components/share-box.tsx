import { useTranslation } from "react-i18next";
import type { Callout } from "@cohort/common/callouts";
import { siteUrl } from "../../../config";
import { CopyField } from "../../../ui/copy-field";

/** The callout's address to pass on, with a button that copies it. */
export function ShareBox({ callout }: { callout: Pick<Callout, "slug"> }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="share-callout" className="space-y-2 text-left">
      <h2 id="share-callout" className="text-base font-bold">
        {t("callouts.share.title")}
      </h2>
      <CopyField label={t("callouts.share.link")} value={siteUrl(`/callouts/${encodeURIComponent(callout.slug)}`)} />
    </section>
  );
}
