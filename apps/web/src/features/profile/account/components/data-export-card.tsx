import { Download } from "lucide-react";
import { useTranslation } from "react-i18next";
import { ownDataExportUrl } from "../../../../api/account";
import { useGeneralContent } from "../../../../api/content";
import { Card } from "../../../../ui/card";

/** Looks like a secondary button, but its label may wrap on a narrow screen. */
const downloadClass =
  "focus-ring inline-flex min-h-11 items-center gap-2 rounded-lg bg-white px-5 py-2 font-semibold text-body shadow-sm ring-1 ring-body/20 ring-inset transition-colors hover:bg-body/5";

/** Everything held about the person, to keep or take elsewhere (GDPR articles 15 and 20). */
export function DataExportCard() {
  const { t } = useTranslation();
  const { organisationName } = useGeneralContent();
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("account.export.title")}</h2>
      <p className="text-body/75">{t("account.export.intro", { organisation: organisationName })}</p>
      <div className="flex flex-wrap gap-3">
        <a href={ownDataExportUrl("zip")} download className={downloadClass}>
          <Download aria-hidden className="size-4" />
          {t("account.export.csv")}
        </a>
        <a href={ownDataExportUrl("json")} download className={downloadClass}>
          <Download aria-hidden className="size-4" />
          {t("account.export.json")}
        </a>
      </div>
    </Card>
  );
}
