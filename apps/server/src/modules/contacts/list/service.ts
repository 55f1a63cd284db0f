import type { SQL } from "drizzle-orm";
import type { Contact, ListContactsQuery } from "@cohort/common/contacts";
import { contactFilterFields, type FilterFields, type RuleGroup } from "@cohort/common/filters";
import type { AppContext } from "../../../context.js";
import type { Db } from "../../../db/client.js";
import { allOf, matchAll } from "../../../filters/conditions.js";
import { compileRuleGroup, type FieldSqlMap } from "../../../filters/sql.js";
import { validateRulesOr400 } from "../../../filters/validate.js";
import type { Identity } from "../../../http/auth.js";
import { hook } from "../../../lib/hook.js";
import { countMatching } from "../bulk/queries.js";
import { contactFilterSql } from "./filter-queries.js";
import { findCalloutReviewers, findContactPage, findRolesOf, findTagsOf, onlyContact } from "./queries.js";
import { presentContact } from "../presenter.js";
import { isReviewer } from "../service.js";

/**
 * The filter fields on the answers to the callouts a rule group names (`callouts.<id>.…`), and
 * their SQL: the responses module's, which contacts does not import (decision 083); provided by
 * `src/wiring.ts`. A callout that does not exist is a 400 `invalid-rule`.
 */
export const calloutFilters = hook<
  (db: Db, rules: RuleGroup) => Promise<{ fields: FilterFields; fieldSql: FieldSqlMap }>
>("the contact filters on answers");

/**
 * The SQL condition for a contact rule group; a bad rule, or one naming a
 * callout that does not exist, is a 400 `invalid-rule`.
 */
export async function contactRulesCondition(
  ctx: AppContext,
  rules: RuleGroup | undefined,
  callerId: string | undefined,
): Promise<SQL> {
  if (!rules) return matchAll();
  const now = ctx.clock.now();
  // Fields on callout data (`callouts.<id>.…`) are named by the rules themselves and typed by the callout's form.
  const callout = await calloutFilters.call(ctx.db, rules);
  const validated = validateRulesOr400(
    rules,
    { ...contactFilterFields, ...callout.fields },
    { now, contactId: callerId },
  );
  return compileRuleGroup(validated, { ...contactFilterSql(now), ...callout.fieldSql });
}

/**
 * A page of contacts. Callers who are not admins only ever see themselves.
 * `scope` narrows the list further (a segment's rules, for instance).
 */
export async function listContacts(
  ctx: AppContext,
  identity: Identity,
  query: ListContactsQuery,
  scope?: SQL,
): Promise<{ items: Contact[]; total: number; offset: number; count: number }> {
  const isAdminViewer = identity.roles.includes("admin");
  const conditions = [await contactRulesCondition(ctx, query.rules, identity.contact?.id)];
  if (scope) conditions.push(scope);
  if (!isAdminViewer) conditions.push(onlyContact(identity.contact?.id ?? null));
  const where = allOf(conditions);
  const { rows, total } = await findContactPage(ctx.db, {
    where,
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    offset: query.offset,
  });
  const withOptions = [...query.with, ...query["with[]"]];
  const ids = rows.map((row) => row.contact.id);
  const [roles, tags, reviewers] = await Promise.all([
    findRolesOf(ctx.db, ids),
    withOptions.includes("tags") && isAdminViewer ? findTagsOf(ctx.db, ids) : undefined,
    withOptions.includes("isReviewer") ? findCalloutReviewers(ctx.db, ids) : undefined,
  ]);
  const now = ctx.clock.now();
  const items = rows.map((row) => {
    const contact = presentContact(
      {
        contact: row.contact,
        roles: roles.get(row.contact.id) ?? [],
        profile: row.profile ?? undefined,
        contribution: row.contribution ?? undefined,
        ...(tags ? { tags: tags.get(row.contact.id) ?? [] } : {}),
      },
      { with: withOptions, isAdminViewer, now },
    );
    if (reviewers) contact.isReviewer = isReviewer(contact.activeRoles, reviewers.has(contact.id));
    return contact;
  });
  return { items, total, offset: query.offset, count: items.length };
}

/** How many contacts a condition (from contactRulesCondition) matches. */
export function countContacts(ctx: AppContext, condition: SQL): Promise<number> {
  return countMatching(ctx.db, condition);
}
