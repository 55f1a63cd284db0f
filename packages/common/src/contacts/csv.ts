/**
 * Columns of the contact CSV export, in order. The import understands the
 * same headers, so an export can be edited and imported again.
 */
export const contactCsvColumns = [
  "Id",
  "EmailAddress",
  "FirstName",
  "LastName",
  "Joined",
  "Tags",
  "ContributionType",
  "ContributionMonthlyAmount",
  "ContributionPeriod",
  "ContributionDescription",
  "ContributionCancelled",
  "MembershipStarts",
  "MembershipExpires",
  "MembershipStatus",
  "NewsletterStatus",
  "NewsletterGroups",
  "DeliveryOptIn",
  "DeliveryAddressLine1",
  "DeliveryAddressLine2",
  "DeliveryAddressCity",
  "DeliveryAddressPostcode",
  "Telephone",
  // Where the contact joined from (decision 074); the import leaves these alone.
  "JoinUtmSource",
  "JoinUtmMedium",
  "JoinUtmCampaign",
  "JoinRef",
] as const;
export type ContactCsvColumn = (typeof contactCsvColumns)[number];

/** Several values in one cell (tags, newsletter groups) are separated by this. */
export const CSV_LIST_SEPARATOR = ";";
