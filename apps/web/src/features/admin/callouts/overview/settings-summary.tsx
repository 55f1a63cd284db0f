import { useTranslation } from "react-i18next";
import type { Callout } from "@cohort/common/callouts";
import { Card } from "../../../../ui/card";
import { responseModeOf } from "../editor/editor-values";

/** The callout's settings in plain words. */
export function SettingsSummary({ callout }: { callout: Callout }) {
  const { t } = useTranslation();
  const redirect = callout.thanksRedirect ?? callout.variants?.default?.thanksRedirect ?? null;
  const thanksTitle = callout.thanksTitle ?? callout.variants?.default?.thanksTitle ?? "";
  const rows = [
    { term: t("adminCallouts.overview.whoCanRespond"), value: t(`adminCallouts.overview.access.${callout.access}`) },
    {
      term: t("adminCallouts.overview.contactInfo"),
      value: t(`adminCallouts.overview.contactInfoValues.${callout.access}`),
    },
    {
      term: t("adminCallouts.overview.responseMode"),
      value: t(`adminCallouts.settings.responseModes.${responseModeOf(callout)}`),
    },
    {
      term: t("adminCallouts.overview.endScreen"),
      value: redirect
        ? t("adminCallouts.overview.endsWithRedirect", { url: redirect })
        : t("adminCallouts.overview.endsWithMessage", { title: thanksTitle }),
    },
    { term: t("adminCallouts.overview.captcha"), value: t(`adminCallouts.settings.captchaChoices.${callout.captcha}`) },
  ];

  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-bold">{t("adminCallouts.overview.settingsTitle")}</h2>
      <dl className="divide-y divide-black/5">
        {rows.map((row) => (
          <div key={row.term} className="grid gap-1 py-2.5 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]">
            <dt className="font-semibold">{row.term}</dt>
            <dd className="break-words text-body/80">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
