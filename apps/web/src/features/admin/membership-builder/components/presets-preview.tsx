import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { periodMonths } from "@cohort/common/contributions";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Card } from "../../../../ui/card";
import { cx } from "../../../../ui/class-names";
import type { JoinFormInput } from "../forms/join-form-values";
import { readAmount } from "../forms/join-form-values";

const chipClass = (isSelected: boolean) =>
  cx(
    "flex min-h-11 items-center justify-center rounded-lg border px-3 text-base font-semibold",
    isSelected ? "border-primary bg-primary text-white" : "border-black/15 bg-white text-body",
  );

/** The amounts as visitors will see them on the join page, with the changes not yet saved. */
export function PresetsPreview() {
  const { t } = useTranslation();
  const format = useFormatters();
  const { control } = useFormContext<JoinFormInput>();
  const values = useWatch({ control });
  const offered = (values.periods ?? []).filter((period) => period?.isOffered && period.name);
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const current = offered.find((period) => period.name === chosen) ?? offered[0];
  const minimum = readAmount(values.minMonthlyAmount ?? "");
  const presets = (current?.presetAmounts ?? []).flatMap((preset) => {
    const amount = readAmount(preset?.amount ?? "");
    return amount === undefined ? [] : [amount];
  });

  return (
    <Card className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-bold">{t("adminMembership.preview.title")}</h2>
        <p className="text-sm text-body/70">{t("adminMembership.preview.intro")}</p>
      </div>
      {offered.length === 0 ? (
        <p className="text-sm text-body/70">{t("adminMembership.preview.noPeriods")}</p>
      ) : (
        <div className="space-y-3">
          {offered.length > 1 && (
            <div role="group" aria-label={t("adminMembership.preview.periods")} className="grid grid-cols-2 gap-2">
              {offered.map((period) => (
                <button
                  key={period.name}
                  type="button"
                  aria-pressed={period.name === current?.name}
                  className={cx("focus-ring", chipClass(period.name === current?.name))}
                  onClick={() => setChosen(period.name)}
                >
                  {t(`contribution.periods.${period.name}`)}
                </button>
              ))}
            </div>
          )}
          {presets.length === 0 ? (
            <p className="text-sm text-body/70">{t("adminMembership.preview.noPresets")}</p>
          ) : (
            <ul aria-label={t("adminMembership.preview.presets")} className="grid grid-cols-3 gap-2">
              {presets.map((amount, index) => (
                <li key={index} className={chipClass(false)}>
                  {format.currency(amount)}
                </li>
              ))}
            </ul>
          )}
          {minimum !== undefined && current?.name && (
            <p className="text-sm text-body/70">
              {t("contribution.form.minimum", {
                amount: format.currency(minimum * periodMonths(current.name)),
              })}
            </p>
          )}
          {values.showNoContribution && (
            <p className="text-sm font-semibold text-link-text underline">{t("join.joinForFree")}</p>
          )}
        </div>
      )}
    </Card>
  );
}
