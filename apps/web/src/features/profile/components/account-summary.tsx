import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Contact } from "@cohort/common/contacts";
import { displayName, hasRole } from "@cohort/common/contacts";
import { useGeneralContent } from "../../../api/content";
import { contributionKeys, fetchContribution } from "../../../api/contribution";
import { useFormatters } from "../../../app/i18n/use-formatters";
import { Card } from "../../../ui/card";
import { cx } from "../../../ui/class-names";

interface AccountSummaryProps {
  contact: Contact;
}

/** Who the person is to the organisation, at a glance. */
export function AccountSummary({ contact }: AccountSummaryProps) {
  const { t } = useTranslation();
  const format = useFormatters();
  const { hideContribution } = useGeneralContent();
  const isMember = hasRole(contact.activeRoles, "member");
  // A cancelled contribution keeps the membership until the paid time ends: say until when.
  const info = useQuery({
    queryKey: contributionKeys.me,
    queryFn: ({ signal }) => fetchContribution(signal),
    enabled: isMember,
  }).data;
  const endsOn =
    isMember && info?.membershipStatus === "expiring" && info.membershipExpiryDate
      ? format.date(info.membershipExpiryDate)
      : null;

  const contribution = endsOn
    ? t("profile.contribution.cancelled", { date: endsOn })
    : contact.contributionAmount && contact.contributionPeriod
      ? t(`profile.contribution.${contact.contributionPeriod}`, {
          amount: format.currency(contact.contributionAmount),
        })
      : t("profile.contribution.none");

  const rows = [
    { label: t("profile.summary.name"), value: displayName(contact) },
    { label: t("profile.summary.email"), value: contact.email },
    { label: t("profile.summary.joined"), value: format.date(contact.joined) },
    ...(hideContribution ? [] : [{ label: t("profile.summary.contribution"), value: contribution }]),
  ];

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-bold">{t("profile.summary.title")}</h2>
        <span
          className={cx(
            "inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-sm font-semibold",
            isMember ? "bg-success/12 text-body" : "bg-body/8 text-body",
          )}
        >
          <span aria-hidden className={cx("size-2 rounded-full", isMember ? "bg-success" : "bg-body/40")} />
          {endsOn
            ? t("profile.status.memberUntil", { date: endsOn })
            : isMember
              ? t("profile.status.member")
              : t("profile.status.notMember")}
        </span>
      </div>
      <dl className="mt-5 divide-y divide-black/5">
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
