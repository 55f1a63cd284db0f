import { useTranslation } from "react-i18next";
import type { Contact } from "@cohort/common/contacts";
import { OTHER_CANCELLATION_REASON } from "@cohort/common/contributions";
import type { ContributionInfo } from "@cohort/common/payments";
import { useFormatters } from "../../../../app/i18n/use-formatters";
import { Card } from "../../../../ui/card";
import { optionLabelKey } from "../forms/filter-labels";
import { useShortDate } from "../hooks/use-short-date";
import type { DetailRow } from "./detail-list";
import { DetailList } from "./detail-list";

type Heard = Pick<ContributionInfo, "pausedUntil" | "cancellationReason" | "cancellationReasonText">;

/**
 * How the contact supports the organisation and where their membership
 * stands; with `heard`, also a pause and the reason last given for cancelling or pausing.
 */
export function ContributionCard({ contact, heard }: { contact: Contact; heard?: Heard | undefined }) {
  const { t } = useTranslation();
  const format = useFormatters();
  const shortDate = useShortDate();
  const info = contact.contribution;
  const amount = info?.amount ?? contact.contributionAmount;
  const period = info?.period ?? contact.contributionPeriod;
  const method = info?.paymentSource?.method;

  const rows: DetailRow[] = [
    {
      label: t("admin.contacts.contribution.type"),
      value: t(optionLabelKey("contributionType", info?.type ?? "None")),
    },
    {
      label: t("admin.contacts.contribution.amount"),
      value:
        amount && period
          ? t(`profile.contribution.${period}`, { amount: format.currency(amount) })
          : t("admin.contacts.table.noContribution"),
    },
    ...(method
      ? [{ label: t("admin.contacts.contribution.method"), value: t(`admin.contacts.values.paymentMethod.${method}`) }]
      : []),
    ...(info
      ? [
          {
            label: t("admin.contacts.contribution.membership"),
            value: t(`admin.contacts.values.membershipStatus.${info.membershipStatus}`),
          },
        ]
      : []),
    ...(info?.renewalDate
      ? [{ label: t("admin.contacts.contribution.renewal"), value: shortDate(info.renewalDate) }]
      : []),
    ...(info?.membershipExpiryDate
      ? [{ label: t("admin.contacts.contribution.expires"), value: shortDate(info.membershipExpiryDate) }]
      : []),
    ...(info?.cancellationDate
      ? [{ label: t("admin.contacts.contribution.cancelled"), value: shortDate(info.cancellationDate) }]
      : []),
    ...(heard?.pausedUntil
      ? [{ label: t("admin.contacts.contribution.pausedUntil"), value: shortDate(heard.pausedUntil) }]
      : []),
    ...(heard?.cancellationReason
      ? [
          {
            label: t("admin.contacts.contribution.reason"),
            value:
              heard.cancellationReason === OTHER_CANCELLATION_REASON
                ? t("admin.contacts.contribution.otherReason")
                : heard.cancellationReason,
          },
        ]
      : []),
    ...(heard?.cancellationReasonText
      ? [{ label: t("admin.contacts.contribution.reasonText"), value: heard.cancellationReasonText }]
      : []),
  ];

  return (
    <Card className="space-y-2">
      <h2 className="text-lg font-bold">{t("admin.contacts.contribution.title")}</h2>
      <DetailList rows={rows} />
    </Card>
  );
}
