import { useTranslation } from "react-i18next";
import { useGeneralContent } from "../../../../api/content";

/** The site settings the rest of the product builds on. */
export function SiteOverview() {
  const { t } = useTranslation();
  const content = useGeneralContent();
  const rows = [
    { label: t("admin.dashboard.overview.organisation"), value: content.organisationName },
    { label: t("admin.dashboard.overview.language"), value: t(`locales.${content.locale}`) },
    { label: t("admin.dashboard.overview.currency"), value: `${content.currencyCode} (${content.currencySymbol})` },
    {
      label: t("admin.dashboard.overview.supportEmail"),
      value: content.supportEmail || t("admin.dashboard.overview.notSet"),
    },
  ];
  return (
    <>
      <h2 className="text-lg font-bold">{t("admin.dashboard.overview.title")}</h2>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        {rows.map((row) => (
          <div key={row.label} className="rounded-xl bg-canvas p-4">
            <dt className="text-sm font-semibold text-body/70">{row.label}</dt>
            <dd className="mt-1 font-semibold break-words">{row.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
