import type { SQL } from "drizzle-orm";
import type { ValidatedRule, ValidatedRuleGroup } from "@cohort/common/filters";
import { isValidatedGroup } from "@cohort/common/filters";
import {
  noticeFilterFields,
  noticeStatus,
  type CreateNotice,
  type ListNoticesQuery,
  type Notice,
  type NoticeList,
  type UpdateNotice,
} from "@cohort/common/notices";
import type { AppContext } from "../../context.js";
import { allOf } from "../../filters/conditions.js";
import { compileRuleGroup } from "../../filters/sql.js";
import { invalidRule, validateRulesOr400 } from "../../filters/validate.js";
import type { Identity } from "../../http/auth.js";
import { notFound } from "../../http/errors.js";
import { SCHEMA_SUMMARY, invalidField } from "../../http/parse.js";
import { sanitizeRichText } from "../../lib/html.js";
import * as queries from "./queries.js";
import type { NoticeRow } from "./queries.js";
import { changesOf, createdOf, recordActivity, removedOf } from "../activity/service.js";

const noticeNotFound = () => notFound("No notice with that id");
const isAdmin = (identity: Identity) => identity.roles.includes("admin");

export function presentNotice(row: NoticeRow, now: Date): Notice {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    name: row.name,
    text: row.text,
    starts: row.starts?.toISOString() ?? null,
    expires: row.expires?.toISOString() ?? null,
    status: noticeStatus(row.starts, row.expires, now),
    ...(row.buttonText ? { buttonText: row.buttonText } : {}),
    ...(row.url ? { url: row.url } : {}),
  };
}

/** `status` is worked out from the dates: it compares by `equal` and `not_equal` only. */
function checkRules(group: ValidatedRuleGroup): void {
  for (const rule of group.rules) {
    if (isValidatedGroup(rule)) checkRules(rule);
    else checkRule(rule);
  }
}

function checkRule(rule: ValidatedRule): void {
  if (rule.field === "status" && rule.operator !== "equal" && rule.operator !== "not_equal") {
    throw invalidRule(`Invalid operator for status: ${rule.operator}`);
  }
}

/** Admins see every notice; anyone else only the open ones. */
export async function listNotices(ctx: AppContext, identity: Identity, query: ListNoticesQuery): Promise<NoticeList> {
  const now = ctx.clock.now();
  const conditions: SQL[] = [];
  if (query.rules) {
    const validated = validateRulesOr400(query.rules, noticeFilterFields, { now, contactId: identity.contact?.id });
    checkRules(validated);
    conditions.push(compileRuleGroup(validated, queries.noticeFieldSql(now)));
  }
  if (!isAdmin(identity)) conditions.push(queries.noticeStatusSql("open", now));
  const { rows, total } = await queries.findNoticePage(ctx.db, {
    where: allOf(conditions),
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    offset: query.offset,
  });
  const items = rows.map((row) => presentNotice(row, now));
  return { items, total, offset: query.offset, count: items.length };
}

export async function getNotice(ctx: AppContext, identity: Identity, id: string): Promise<Notice> {
  const now = ctx.clock.now();
  const row = await queries.findNotice(ctx.db, id);
  if (!row) throw noticeNotFound();
  if (!isAdmin(identity) && noticeStatus(row.starts, row.expires, now) !== "open") throw noticeNotFound();
  return presentNotice(row, now);
}

const date = (value: string | null | undefined) => (value ? new Date(value) : null);
const optionalText = (value: string | null | undefined) => (value ? value : null);

/** The dates must come in order once both are known (the schema checks a body's own pair). */
function checkDateOrder(starts: Date | null, expires: Date | null): void {
  if (starts && expires && expires < starts) {
    throw invalidField("expires", { key: "adminValidation.endAfterStart" }, { summary: SCHEMA_SUMMARY });
  }
}

export async function createNotice(ctx: AppContext, input: CreateNotice): Promise<Notice> {
  const now = ctx.clock.now();
  const row = await queries.insertNotice(ctx.db, {
    id: ctx.newId(),
    name: input.name,
    text: sanitizeRichText(input.text),
    buttonText: optionalText(input.buttonText),
    url: optionalText(input.url),
    starts: date(input.starts),
    expires: date(input.expires),
    createdAt: now,
    updatedAt: now,
  });
  await recordActivity(ctx, { kind: "notice.create", target: row.name, changes: createdOf(row, NOTICE_FIELDS) });
  return presentNotice(row, now);
}

export async function updateNotice(ctx: AppContext, id: string, input: UpdateNotice): Promise<Notice> {
  const now = ctx.clock.now();
  const existing = await queries.findNotice(ctx.db, id);
  if (!existing) throw noticeNotFound();
  const changes = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.text !== undefined ? { text: sanitizeRichText(input.text) } : {}),
    ...(input.buttonText !== undefined ? { buttonText: optionalText(input.buttonText) } : {}),
    ...(input.url !== undefined ? { url: optionalText(input.url) } : {}),
    ...(input.starts !== undefined ? { starts: date(input.starts) } : {}),
    ...(input.expires !== undefined ? { expires: date(input.expires) } : {}),
  };
  checkDateOrder(
    changes.starts !== undefined ? changes.starts : existing.starts,
    changes.expires !== undefined ? changes.expires : existing.expires,
  );
  const row = await queries.updateNotice(ctx.db, id, { ...changes, updatedAt: now });
  if (!row) throw noticeNotFound();
  await recordActivity(ctx, {
    kind: "notice.update",
    target: row.name,
    changes: changesOf(existing, changes, NOTICE_FIELDS),
  });
  return presentNotice(row, now);
}

export async function deleteNotice(ctx: AppContext, id: string): Promise<void> {
  const before = await queries.findNotice(ctx.db, id);
  if (!before || !(await queries.deleteNotice(ctx.db, id))) throw noticeNotFound();
  await recordActivity(ctx, { kind: "notice.delete", target: before.name, changes: removedOf(before, NOTICE_FIELDS) });
}

/** The fields of a notice the activity record keeps before and after. */
const NOTICE_FIELDS = ["name", "text", "buttonText", "url", "starts", "expires"] as const;
