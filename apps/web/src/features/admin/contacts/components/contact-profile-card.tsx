import { useTranslation } from "react-i18next";
import type { Attribution } from "@cohort/common/attribution";
import { attributionFields } from "@cohort/common/attribution";
import type { Contact } from "@cohort/common/contacts";
import { Card } from "../../../../ui/card";
import { optionLabelKey } from "../forms/filter-labels";
import { useShortDate } from "../hooks/use-short-date";
import { DetailList } from "./detail-list";

/** The campaign fields of the link the contact joined from (decision 074), one per line. */
function JoinedFrom({ attribution }: { attribution: Attribution }) {
  const { t } = useTranslation();
  return (
    <ul>
      {attributionFields.map((field) =>
        attribution[field] ? (
          <li key={field} className="wrap-anywhere">
            <span className="text-body/70">{t(`admin.contacts.detail.attribution.${field}`)}:</span>{" "}
            {attribution[field]}
          </li>
        ) : null,
      )}
    </ul>
  );
}

/** Who the contact is: how to reach them and what they agreed to. */
export function ContactProfileCard({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const shortDate = useShortDate();
  const profile = contact.profile;
  const address = profile?.deliveryAddress;
  const notSet = <span className="text-body/70">{t("admin.contacts.detail.notSet")}</span>;

  return (
    <Card className="space-y-2">
      <h2 className="text-lg font-bold">{t("admin.contacts.detail.profileTitle")}</h2>
      <DetailList
        rows={[
          { label: t("admin.contacts.form.email"), value: contact.email },
          { label: t("admin.contacts.form.telephone"), value: profile?.telephone || notSet },
          {
            label: t("admin.contacts.form.newsletterStatus"),
            value: t(optionLabelKey("newsletterStatus", profile?.newsletterStatus ?? "none")),
          },
          {
            label: t("admin.contacts.form.deliveryOptIn"),
            value: profile?.deliveryOptIn ? t("admin.contacts.filters.yes") : t("admin.contacts.filters.no"),
          },
          {
            label: t("admin.contacts.detail.address"),
            value: address ? (
              <address className="not-italic">
                {[address.line1, address.line2, address.city, address.postcode].filter(Boolean).map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            ) : (
              notSet
            ),
          },
          { label: t("admin.contacts.table.joined"), value: shortDate(contact.joined) },
          ...(contact.joinAttribution
            ? [
                {
                  label: t("admin.contacts.detail.joinedFrom"),
                  value: <JoinedFrom attribution={contact.joinAttribution} />,
                },
              ]
            : []),
          {
            label: t("admin.contacts.table.lastSeen"),
            value: contact.lastSeen ? shortDate(contact.lastSeen) : t("admin.contacts.table.never"),
          },
          ...(profile?.notes
            ? [{ label: t("admin.contacts.form.notes"), value: <p className="whitespace-pre-line">{profile.notes}</p> }]
            : []),
        ]}
      />
    </Card>
  );
}
