import { useTranslation } from "react-i18next";
import type { ContributionInfo } from "@cohort/common/payments";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Card } from "../../../../ui/card";
import { describePaymentSource, sourceInUse } from "../payment-source";

/** The contribution as it stands: amount, method, status and the next date that matters. */
export function ContributionSummary({ info }: { info: ContributionInfo }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const amount =
    info.amount !== undefined && info.period
      ? t(`contribution.amountPer.${info.period}`, { amount: format.currency(info.amount) })
      : t("contribution.summary.noAmount");
  const rows = [
    { label: t("contribution.summary.type"), value: t(`contribution.types.${info.type}`) },
    { label: t("contribution.summary.amount"), value: amount },
    ...(info.nextAmount !== undefined && info.period
      ? [
          {
            label: t("contribution.summary.nextAmount"),
            value: t(`contribution.amountPer.${info.period}`, { amount: format.currency(info.nextAmount) }),
          },
        ]
      : []),
    ...(info.period === "monthly" && info.payFee !== undefined
      ? [
          {
            label: t("contribution.summary.fee"),
            value: t(info.payFee ? "contribution.summary.feePaid" : "contribution.summary.feeNotPaid"),
          },
        ]
      : []),
    { label: t("contribution.summary.paymentSource"), value: describePaymentSource(t, sourceInUse(info)) },
    { label: t("contribution.summary.status"), value: t(`contribution.status.${info.membershipStatus}`) },
    ...(info.pausedUntil
      ? [{ label: t("contribution.summary.pausedUntil"), value: format.date(info.pausedUntil) }]
      : []),
    ...(info.renewalDate
      ? [{ label: t("contribution.summary.renewal"), value: format.date(info.renewalDate) }]
      : info.membershipExpiryDate
        ? [{ label: t("contribution.summary.expiry"), value: format.date(info.membershipExpiryDate) }]
        : []),
    ...(info.cancellationDate
      ? [{ label: t("contribution.summary.cancelled"), value: format.date(info.cancellationDate) }]
      : []),
  ];
  return (
    <Card>
      <h2 className="text-lg font-bold">{t("contribution.summary.title")}</h2>
      <dl className="mt-4 divide-y divide-black/5">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-semibold text-body/70">{row.label}</dt>
            <dd className="break-words sm:col-span-2">{row.value}</dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
