import type { ContactCsvColumn } from "@cohort/common/contacts";
import { contactCsvColumns } from "@cohort/common/contacts";
import { membershipStatus } from "@cohort/common/contacts";
import type { RuleGroup } from "@cohort/common/filters";
import type { SQL } from "drizzle-orm";
import type { AppContext } from "../../../context.js";
import { csvStream } from "../../../lib/csv.js";
import { contactRulesCondition } from "../list/service.js";
import { readExportRows, type ExportRow } from "./queries.js";
import { filterOf, recordActivity } from "../../activity/service.js";

const BATCH_SIZE = 1000;

function formatMoney(amountMinor: number): string {
  return (amountMinor / 100).toFixed(2);
}

function describeContribution(row: ExportRow, currencySymbol: string): string {
  const { contributionType, contributionAmount, contributionPeriod } = row;
  if (contributionType === "None" || contributionType === "Gift") return contributionType;
  if (contributionAmount === null) return contributionType;
  const period = contributionPeriod === "annually" ? "year" : "month";
  return `${currencySymbol}${formatMoney(contributionAmount)}/${period}`;
}

function toRecord(row: ExportRow, now: Date, currencySymbol: string): Record<ContactCsvColumn, string> {
  const monthly =
    row.contributionAmount === null
      ? ""
      : (row.contributionAmount / (row.contributionPeriod === "annually" ? 1200 : 100)).toFixed(2);
  const memberRole = row.memberSince
    ? { dateAdded: new Date(row.memberSince), dateExpires: row.memberUntil ? new Date(row.memberUntil) : null }
    : undefined;
  return {
    Id: row.id,
    EmailAddress: row.email,
    FirstName: row.firstname,
    LastName: row.lastname,
    Joined: row.joined ?? "",
    Tags: row.tagNames ?? "",
    ContributionType: row.contributionType,
    ContributionMonthlyAmount: monthly,
    ContributionPeriod: row.contributionPeriod ?? "",
    ContributionDescription: describeContribution(row, currencySymbol),
    ContributionCancelled: row.cancelledAt ?? "",
    MembershipStarts: row.memberSince ?? "",
    MembershipExpires: row.memberUntil ?? "",
    MembershipStatus: membershipStatus(memberRole, row.cancelledAt ? new Date(row.cancelledAt) : null, now),
    NewsletterStatus: row.newsletterStatus ?? "none",
    NewsletterGroups: row.newsletterGroups ?? "",
    DeliveryOptIn: row.deliveryOptIn ? "true" : "false",
    DeliveryAddressLine1: row.line1 ?? "",
    DeliveryAddressLine2: row.line2 ?? "",
    DeliveryAddressCity: row.city ?? "",
    DeliveryAddressPostcode: row.postcode ?? "",
    Telephone: row.telephone ?? "",
    JoinUtmSource: row.joinUtmSource ?? "",
    JoinUtmMedium: row.joinUtmMedium ?? "",
    JoinUtmCampaign: row.joinUtmCampaign ?? "",
    JoinRef: row.joinRef ?? "",
  };
}

/**
 * Every contact the rules match, as batches of CSV records, fetched so memory
 * stays flat however many contacts there are. The rules are checked at once,
 * so a bad rule fails before anything is sent.
 */
export async function exportContacts(
  ctx: AppContext,
  rules: RuleGroup | undefined,
  callerId: string | undefined,
  currencySymbol: string,
): Promise<AsyncGenerator<Record<ContactCsvColumn, string>[]>> {
  const where = await contactRulesCondition(ctx, rules, callerId);
  await recordActivity(ctx, { kind: "export.contacts", changes: filterOf(rules) });
  return exportRecords(ctx, where, currencySymbol);
}

/** The CSV text of an export, through the one CSV writer: the header, then one chunk per batch. */
export function exportContactsCsv(batches: AsyncGenerator<Record<ContactCsvColumn, string>[]>): AsyncGenerator<string> {
  return csvStream(contactCsvColumns, inColumnOrder(batches));
}

async function* inColumnOrder(batches: AsyncGenerator<Record<ContactCsvColumn, string>[]>): AsyncGenerator<string[][]> {
  for await (const records of batches) yield records.map((record) => contactCsvColumns.map((column) => record[column]));
}

async function* exportRecords(
  ctx: AppContext,
  where: SQL,
  currencySymbol: string,
): AsyncGenerator<Record<ContactCsvColumn, string>[]> {
  const now = ctx.clock.now();
  for await (const batch of readExportRows(ctx.db, where, BATCH_SIZE)) {
    yield batch.map((row) => toRecord(row, now, currencySymbol));
  }
}
