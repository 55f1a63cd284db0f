import { sql, type SQL } from "drizzle-orm";
import type { ValidatedRule } from "@cohort/common/filters";
import { columnCondition, type FieldSqlMap } from "../../../filters/sql.js";
import {
  calloutReviewers,
  contactProfiles,
  contactRoles,
  contactTagAssignments,
  contacts,
  contributions,
  payments,
} from "../../../db/schema/index.js";

/** Monthly-normalised contribution in major units (annual amounts spread over 12 months). */
export const monthlyAmountSql = sql`(CASE WHEN ${contacts.contributionPeriod} = 'annually' THEN ${contacts.contributionAmount} / 1200.0 ELSE ${contacts.contributionAmount} / 100.0 END)`;

function activeRole(role: SQL, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`EXISTS (SELECT 1 FROM ${contactRoles} WHERE ${contactRoles.contactId} = ${contacts.id} AND ${contactRoles.role} = ${role} AND ${contactRoles.dateAdded} <= ${at} AND (${contactRoles.dateExpires} IS NULL OR ${contactRoles.dateExpires} >= ${at}))`;
}

/** A boolean rule on an EXISTS condition: `equal true` keeps it, `equal false` negates it. */
function booleanExists(condition: SQL) {
  return (rule: ValidatedRule): SQL => (rule.values[0] === true ? condition : sql`NOT ${condition}`);
}

function memberRoleDate(column: typeof contactRoles.dateAdded | typeof contactRoles.dateExpires) {
  return (rule: ValidatedRule): SQL =>
    sql`EXISTS (SELECT 1 FROM ${contactRoles} WHERE ${contactRoles.contactId} = ${contacts.id} AND ${contactRoles.role} = 'member' AND ${columnCondition(sql`${column}`, rule)})`;
}

/**
 * SQL for every contact filter field. The list query joins profiles and
 * contributions, so their columns can be used directly.
 */
export function contactFilterSql(now: Date): FieldSqlMap {
  const isAdmin = sql`(${activeRole(sql`'admin'`, now)} OR ${activeRole(sql`'superadmin'`, now)})`;
  return {
    id: sql`${contacts.id}`,
    firstname: sql`${contacts.firstname}`,
    lastname: sql`${contacts.lastname}`,
    email: sql`${contacts.email}`,
    joined: sql`${contacts.joined}`,
    lastSeen: sql`${contacts.lastSeen}`,
    contributionCancelled: sql`${contributions.cancelledAt}`,
    contributionType: sql`${contacts.contributionType}`,
    contributionMonthlyAmount: monthlyAmountSql,
    contributionPeriod: sql`${contacts.contributionPeriod}`,
    deliveryOptIn: sql`${contactProfiles.deliveryOptIn}`,
    newsletterStatus: sql`${contactProfiles.newsletterStatus}`,
    newsletterGroups: sql`${contactProfiles.newsletterGroups}`,
    activePermission: (rule) => {
      const role = rule.type === "enum" ? (rule.values[0] ?? "") : "";
      const holds = role === "admin" ? isAdmin : activeRole(sql`${role}`, now);
      return rule.operator === "equal" ? holds : sql`NOT ${holds}`;
    },
    activeMembership: booleanExists(activeRole(sql`'member'`, now)),
    activeUser: booleanExists(sql`(${contacts.passwordHash} IS NOT NULL)`),
    membershipStarts: memberRoleDate(contactRoles.dateAdded),
    membershipExpires: memberRoleDate(contactRoles.dateExpires),
    manualPaymentSource: sql`(CASE WHEN ${contacts.contributionType} = 'Manual' THEN ${contributions.manualSource} END)`,
    hasGivenOnce: booleanExists(
      sql`EXISTS (SELECT 1 FROM ${payments} WHERE ${payments.contactId} = ${contacts.id} AND ${payments.kind} = 'gift' AND ${payments.status} = 'successful')`,
    ),
    tags: (rule) => {
      const anyTag = sql`EXISTS (SELECT 1 FROM ${contactTagAssignments} WHERE ${contactTagAssignments.contactId} = ${contacts.id})`;
      const tag = sql`EXISTS (SELECT 1 FROM ${contactTagAssignments} WHERE ${contactTagAssignments.contactId} = ${contacts.id} AND ${contactTagAssignments.tagId} = ${rule.values[0]}::uuid)`;
      switch (rule.operator) {
        case "contains":
          return tag;
        case "not_contains":
          return sql`NOT ${tag}`;
        case "is_empty":
          return sql`NOT ${anyTag}`;
        default:
          return anyTag;
      }
    },
    isReviewer: booleanExists(
      sql`(${isAdmin} OR EXISTS (SELECT 1 FROM ${calloutReviewers} WHERE ${calloutReviewers.contactId} = ${contacts.id}))`,
    ),
    joinUtmSource: sql`${contacts.joinUtmSource}`,
    joinUtmMedium: sql`${contacts.joinUtmMedium}`,
    joinUtmCampaign: sql`${contacts.joinUtmCampaign}`,
    joinRef: sql`${contacts.joinRef}`,
  };
}
