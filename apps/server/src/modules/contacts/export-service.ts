import type { ContactCsvColumn } from "@cohort/common/contacts";
import { CSV_LIST_SEPARATOR, membershipStatus } from "@cohort/common/contacts";
import type { RuleGroup } from "@cohort/common/filters";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { contactRulesCondition } from "./list-service.js";
import { findExportBatch, type ExportCursor } from "./export-queries.js";
import { findTagsOf } from "./list-queries.js";

const BATCH_SIZE = 1000;
type Row = Awaited<ReturnType<typeof findExportBatch>>[number];

function formatMoney(amountMinor: number): string {
  return (amountMinor / 100).toFixed(2);
}

function describeContribution(row: Row, currencySymbol: string): string {
  const { contributionType, contributionAmount, contributionPeriod } = row.contact;
  if (contributionType === "None" || contributionType === "Gift") return contributionType;
  if (contributionAmount === null) return contributionType;
  const period = contributionPeriod === "annually" ? "year" : "month";
  return `${currencySymbol}${formatMoney(contributionAmount)}/${period}`;
}

function toRecord(row: Row, tags: string[], now: Date, currencySymbol: string): Record<ContactCsvColumn, string> {
  const { contact, profile, contribution, memberRole } = row;
  const monthly =
    contact.contributionAmount === null
      ? ""
      : (contact.contributionAmount / (contact.contributionPeriod === "annually" ? 1200 : 100)).toFixed(2);
  const iso = (date: Date | null | undefined) => date?.toISOString() ?? "";
  return {
    Id: contact.id,
    EmailAddress: contact.email,
    FirstName: contact.firstname,
    LastName: contact.lastname,
    Joined: iso(contact.joined),
    Tags: tags.join(CSV_LIST_SEPARATOR),
    ContributionType: contact.contributionType,
    ContributionMonthlyAmount: monthly,
    ContributionPeriod: contact.contributionPeriod ?? "",
    ContributionDescription: describeContribution(row, currencySymbol),
    ContributionCancelled: iso(contribution?.cancelledAt),
    MembershipStarts: iso(memberRole?.dateAdded),
    MembershipExpires: iso(memberRole?.dateExpires),
    MembershipStatus: membershipStatus(memberRole ?? undefined, contribution?.cancelledAt ?? null, now),
    NewsletterStatus: profile?.newsletterStatus ?? "none",
    NewsletterGroups: (profile?.newsletterGroups ?? []).join(CSV_LIST_SEPARATOR),
    DeliveryOptIn: profile?.deliveryOptIn ? "true" : "false",
    DeliveryAddressLine1: profile?.deliveryAddress?.line1 ?? "",
    DeliveryAddressLine2: profile?.deliveryAddress?.line2 ?? "",
    DeliveryAddressCity: profile?.deliveryAddress?.city ?? "",
    DeliveryAddressPostcode: profile?.deliveryAddress?.postcode ?? "",
    Telephone: profile?.telephone ?? "",
  };
}

/**
 * Every contact the rules match, as CSV records, fetched in batches so memory
 * stays flat however many contacts there are. The rules are checked at once,
 * so a bad rule fails before anything is sent.
 */
export function exportContacts(
  ctx: AppContext,
  rules: RuleGroup | undefined,
  callerId: string | undefined,
  currencySymbol: string,
): AsyncGenerator<Record<ContactCsvColumn, string>> {
  return exportRecords(ctx, contactRulesCondition(ctx, rules, callerId), currencySymbol);
}

async function* exportRecords(
  ctx: AppContext,
  where: SQL,
  currencySymbol: string,
): AsyncGenerator<Record<ContactCsvColumn, string>> {
  const now = ctx.clock.now();
  let cursor: ExportCursor | null = null;
  for (;;) {
    const batch = await findExportBatch(ctx.db, where, cursor, BATCH_SIZE);
    if (batch.length === 0) return;
    const tags = await findTagsOf(
      ctx.db,
      batch.map((row) => row.contact.id),
    );
    for (const row of batch) {
      yield toRecord(
        row,
        (tags.get(row.contact.id) ?? []).map((tag) => tag.name),
        now,
        currencySymbol,
      );
    }
    const last = batch[batch.length - 1]!;
    cursor = { joined: last.contact.joined, id: last.contact.id };
    if (batch.length < BATCH_SIZE) return;
  }
}
