import type { z } from "zod";
import type {
  GeneralContent,
  JoinContent,
  JoinSetupContent,
  UpdateGeneralContent,
  UpdateJoinContent,
  UpdateJoinSetupContent,
} from "@cohort/common/content";
import {
  currencySymbol,
  defaultGeneralContent,
  defaultJoinContent,
  defaultJoinSetupContent,
  generalContentSchema,
  JOIN_TEXT_MAX_LENGTH,
  joinSettingsSchema,
  updateGeneralContentSchema,
  updateJoinContentSchema,
  updateJoinSetupContentSchema,
} from "@cohort/common/content";
import type { ContributionRules } from "@cohort/common/contributions";
import { feeRegion } from "@cohort/common/contributions";
import type { AppContext } from "../../context.js";
import { SCHEMA_SUMMARY, invalidField, parseOr400 } from "../../http/parse.js";
import { serializeAs } from "../../http/serialized.js";
import { sanitizeTextOrHtml } from "../../lib/html.js";
import { hook } from "../../lib/hook.js";
import { cachedContent, contentChanged } from "./cache.js";
import * as queries from "./queries.js";
import { changesOf, recordActivity } from "../activity/service.js";

/**
 * Stored settings, field by field. A stored value that no longer passes the
 * schema (say, after an upgrade) falls back to its default instead of failing.
 */
async function storedFields<T extends object>(ctx: AppContext, id: string, schema: z.ZodType<T>): Promise<Partial<T>> {
  return cachedContent(ctx, `fields:${id}`, async () => {
    const stored = (await queries.findContent(ctx.db, id)) ?? {};
    const result: Partial<T> = {};
    for (const [key, value] of Object.entries(stored)) {
      const parsed = schema.safeParse({ [key]: value });
      if (parsed.success) Object.assign(result, parsed.data);
    }
    return result;
  });
}

/**
 * Whether a callout with this id or slug exists: the callouts module's answer, which content does
 * not import (decision 083); provided by `src/wiring.ts`.
 */
export const calloutExists = hook<(ctx: AppContext, idOrSlug: string) => Promise<boolean>>("whether a callout exists");

export async function getGeneralContent(ctx: AppContext): Promise<GeneralContent> {
  const code = ctx.config.currencyCode;
  return {
    ...defaultGeneralContent,
    ...(await storedFields(ctx, "general", updateGeneralContentSchema)),
    currencyCode: code,
    currencySymbol: currencySymbol(code),
    testPayments: ctx.payments.get("test") !== undefined,
  };
}

/** The general settings as JSON text, kept with the other cached settings (the busiest public read). */
export function generalContentJson(ctx: AppContext): Promise<string> {
  const key = `general-json:${ctx.config.currencyCode}:${ctx.payments.get("test") !== undefined}`;
  return cachedContent(ctx, key, async () => serializeAs(generalContentSchema, await getGeneralContent(ctx)));
}

export async function updateGeneralContent(ctx: AppContext, changes: UpdateGeneralContent): Promise<GeneralContent> {
  await storeSettingsChanges(ctx, "general", changes);
  return getGeneralContent(ctx);
}

// ------------------------------------------------------------ join texts

/**
 * The join pages' prose, which admins write in the rich-text editor and the
 * pages show as rich text. Titles and checkbox labels, and the newsletter's text
 * (a checkbox's description), stay plain text.
 */
const joinRichTexts = ["subtitle", "giftIntro"] as const;
const joinSetupRichTexts = ["welcome", "mailText", "surveyText"] as const;

/**
 * The changes with their rich texts through the one sanitiser. A text without
 * markup is plain text and is kept as written; the pages show it as paragraphs.
 * A text the sanitiser makes longer (every link gets its `rel`) must still fit.
 */
function withSanitizedTexts<T extends Partial<Record<string, unknown>>>(changes: T, fields: readonly (keyof T)[]): T {
  const clean = { ...changes };
  for (const field of fields) {
    const text = changes[field];
    if (typeof text !== "string") continue;
    const sanitized = sanitizeTextOrHtml(text);
    if (sanitized.length > JOIN_TEXT_MAX_LENGTH) {
      throw invalidField(
        String(field),
        { key: "validation.tooLong", params: { max: JOIN_TEXT_MAX_LENGTH } },
        { rule: "too_big", summary: SCHEMA_SUMMARY },
      );
    }
    clean[field] = sanitized as T[keyof T];
  }
  return clean;
}

// ------------------------------------------------------------ join form

async function joinSettings(ctx: AppContext) {
  const stored = await storedFields(ctx, "join", updateJoinContentSchema);
  return { stored, settings: { ...defaultJoinContent, ...stored } };
}

/** The join form as browsers read it: only the methods an enabled provider takes are offered. */
export async function getJoinContent(ctx: AppContext): Promise<JoinContent> {
  const { settings } = await joinSettings(ctx);
  const stripeEnabled = ctx.payments.get("stripe") !== undefined;
  return {
    ...settings,
    paymentMethods: settings.paymentMethods.filter((method) => ctx.payments.forMethod(method) !== undefined),
    stripePublicKey: stripeEnabled ? (ctx.config.stripe.publishableKey ?? "") : "",
    stripeCountry: feeRegion(ctx.config.currencyCode),
  };
}

export async function updateJoinContent(ctx: AppContext, input: UpdateJoinContent): Promise<JoinContent> {
  const changes = withSanitizedTexts(input, joinRichTexts);
  const { stored } = await joinSettings(ctx);
  const merged = { ...stored, ...changes };
  parseOr400(joinSettingsSchema, { ...defaultJoinContent, ...merged });
  await storeSettingsChanges(ctx, "join", changes);
  return getJoinContent(ctx);
}

/** The organisation's minimum and fee option, which every contribution is checked against. */
export async function getContributionRules(
  ctx: AppContext,
): Promise<ContributionRules & { allowsNoContribution: boolean }> {
  const { settings } = await joinSettings(ctx);
  return {
    minMonthlyAmount: settings.minMonthlyAmount,
    showAbsorbFee: settings.showAbsorbFee,
    allowsNoContribution: settings.showNoContribution,
  };
}

/** What one-time gifts take: whether they are offered, and the smallest (decision 068). */
export async function getGiftRules(ctx: AppContext): Promise<{ isEnabled: boolean; minAmount: number }> {
  const { settings } = await joinSettings(ctx);
  return { isEnabled: settings.giftEnabled, minAmount: settings.giftMinAmount };
}

// ------------------------------------------------------------ join set-up

export async function getJoinSetupContent(ctx: AppContext): Promise<JoinSetupContent> {
  return { ...defaultJoinSetupContent, ...(await storedFields(ctx, "join/setup", updateJoinSetupContentSchema)) };
}

export async function updateJoinSetupContent(
  ctx: AppContext,
  input: UpdateJoinSetupContent,
): Promise<JoinSetupContent> {
  const changes = withSanitizedTexts(input, joinSetupRichTexts);
  if (changes.surveySlug && !(await calloutExists.call(ctx, changes.surveySlug))) {
    throw invalidField("surveySlug", { key: "adminMembership.errors.unknownSurvey" }, { summary: SCHEMA_SUMMARY });
  }
  await storeSettingsChanges(ctx, "join/setup", changes);
  return getJoinSetupContent(ctx);
}

/**
 * A settings document of another module (such as the maps'), as stored, kept like the others
 * until any settings change; `parse` turns the stored fields into the module's settings.
 */
export function cachedSettingsDocument<T>(
  ctx: AppContext,
  id: string,
  parse: (stored: Record<string, unknown>) => T,
): Promise<T> {
  return cachedContent(ctx, `settings:${id}`, async () => parse((await queries.findContent(ctx.db, id)) ?? {}));
}

/**
 * Stores the changed fields of a settings document, empties every copy's cache and records the
 * change for superadmins (decision 070): each field before and after, secrets hidden.
 */
export async function storeSettingsChanges(ctx: AppContext, id: string, changes: object): Promise<void> {
  const fields = changes as Record<string, unknown>;
  const before = ctx.actor?.isStaff ? await queries.findContent(ctx.db, id) : undefined;
  await queries.mergeContent(ctx.db, id, fields, ctx.clock.now());
  contentChanged(ctx);
  const recorded = changesOf(before, fields);
  if (Object.keys(recorded).length > 0) {
    await recordActivity(ctx, { kind: "settings.update", target: id, changes: recorded });
  }
}

/** Stores the changed fields of another module's settings document (see `storeSettingsChanges`). */
export async function mergeSettingsDocument(ctx: AppContext, id: string, changes: Record<string, unknown>) {
  await storeSettingsChanges(ctx, id, changes);
}
