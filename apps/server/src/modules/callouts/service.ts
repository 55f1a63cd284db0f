import type { ActivityKind } from "@cohort/common/activity";
import type {
  Callout,
  CalloutWith,
  CreateCallout,
  GetCalloutQuery,
  ListCalloutsQuery,
  ResponseViewSchema,
  UpdateCallout,
} from "@cohort/common/callouts";
import {
  DEFAULT_VARIANT,
  calloutListSchema,
  calloutSchema,
  calloutStatus,
  responseViewGaps,
  slugify,
  variantLocale,
} from "@cohort/common/callouts";
import type { AppContext } from "../../context.js";
import { isUniqueViolation } from "../../db/errors.js";
import { allOf } from "../../filters/conditions.js";
import type { Identity } from "../../http/auth.js";
import { AppError, notFound } from "../../http/errors.js";
import { invalidField } from "../../http/parse.js";
import { serializeAs } from "../../http/serialized.js";
import { getGeneralContent } from "../content/service.js";
import { hasBasemap } from "../maps/service.js";
import { hook } from "../../lib/hook.js";
import { calloutRulesCondition, visibleToSql } from "./filter-queries.js";
import { presentCallout, type CalloutExtras } from "./presenter.js";
import { LIST_MAX_AGE_MS, calloutsChanged, statusChangeAfter, throughCalloutCache } from "./cache.js";
import * as queries from "./queries.js";
import type { CalloutRow, NewCalloutRow, NewVariantRow, VariantRow } from "./queries.js";
import { sanitizeForm, sanitizeVariant } from "./sanitize.js";
import { changesOf, createdOf, recordActivity } from "../activity/service.js";

/**
 * What a copy of a callout takes along from the modules above callouts, which callouts does not
 * import (decision 083): the responses module copies the callout's tags. Provided by `src/wiring.ts`.
 */
export const calloutCopied = hook<(ctx: AppContext, fromCalloutId: string, toCalloutId: string) => Promise<void>>(
  "what a copied callout takes along",
);

const calloutNotFound = () => notFound("No callout with that id or slug");
const isAdmin = (identity: Identity) => identity.roles.includes("admin");
const withOf = (query: { with: CalloutWith[]; "with[]": CalloutWith[] }) => [...query.with, ...query["with[]"]];

const duplicateSlug = (slug: string) =>
  invalidField(
    "slug",
    { key: "errors.duplicateSlug" },
    { rule: "duplicateId", code: "duplicate-id", summary: `The slug ${slug} is already used by another callout` },
  );

async function extrasFor(
  ctx: AppContext,
  identity: Identity,
  rows: CalloutRow[],
  withOptions: readonly CalloutWith[],
): Promise<Map<string, CalloutExtras>> {
  const ids = rows.map((row) => row.id);
  const wants = (option: CalloutWith) => withOptions.includes(option);
  const contactId = identity.contact?.id;
  const [counts, answered, names, variants] = await Promise.all([
    wants("responseCount") && isAdmin(identity) ? queries.countResponses(ctx.db, ids) : undefined,
    wants("hasAnswered") && contactId ? queries.findAnswered(ctx.db, contactId, ids) : undefined,
    wants("variantNames") ? queries.findVariantNames(ctx.db, ids) : undefined,
    wants("variants") ? queries.findVariants(ctx.db, ids) : undefined,
  ]);
  return new Map(
    ids.map((id) => [
      id,
      {
        ...(counts ? { responseCount: counts.get(id) ?? 0 } : {}),
        ...(answered ? { hasAnswered: answered.has(id) } : {}),
        ...(names ? { variantNames: names.get(id) ?? [] } : {}),
        ...(variants ? { variants: variants.filter((variant) => variant.calloutId === id) } : {}),
      },
    ]),
  );
}

/** The chosen variant of each callout, falling back to the default one in lists. */
async function chosenVariants(ctx: AppContext, ids: string[], name: string): Promise<Map<string, VariantRow>> {
  const names = name === DEFAULT_VARIANT ? [DEFAULT_VARIANT] : [DEFAULT_VARIANT, name];
  const rows = await queries.findVariants(ctx.db, ids, names);
  const chosen = new Map<string, VariantRow>();
  for (const row of rows) {
    if (row.name === name || !chosen.has(row.calloutId)) chosen.set(row.calloutId, row);
  }
  return chosen;
}

export async function listCallouts(ctx: AppContext, identity: Identity, query: ListCalloutsQuery) {
  const now = ctx.clock.now();
  const caller = { contactId: identity.contact?.id, isAdmin: isAdmin(identity) };
  const conditions = [calloutRulesCondition(ctx, query.rules, caller)];
  if (!caller.isAdmin) conditions.push(visibleToSql(caller.contactId, now, { includeHidden: false }));
  const { rows, total } = await queries.findCalloutPage(ctx.db, {
    where: allOf(conditions),
    sort: query.sort,
    order: query.order,
    limit: query.limit,
    offset: query.offset,
  });
  const withOptions = withOf(query);
  const ids = rows.map((row) => row.id);
  const [variants, extras] = await Promise.all([
    chosenVariants(ctx, ids, query.variant ?? DEFAULT_VARIANT),
    extrasFor(ctx, identity, rows, withOptions),
  ]);
  const items = rows.map((row) =>
    presentCallout(row, variants.get(row.id), withOptions, extras.get(row.id) ?? {}, now),
  );
  return { items, total, offset: query.offset, count: items.length };
}

const guest: Identity = { method: "none", contact: null, roles: [] };

/** The public list as a visitor without a session sees it, as JSON text from the cache. */
export function publicCalloutListJson(ctx: AppContext, query: ListCalloutsQuery): Promise<string> {
  return throughCalloutCache(ctx, "public", `list:${JSON.stringify(query)}`, async (now) => ({
    value: serializeAs(calloutListSchema, await listCallouts(ctx, guest, query)),
    until: now + LIST_MAX_AGE_MS,
  }));
}

/**
 * A callout as its caller may see it: admins and reviewers see every status;
 * others see it once it has a start date (scheduled shows "not open yet").
 */
export async function findVisibleCallout(ctx: AppContext, identity: Identity, idOrSlug: string): Promise<CalloutRow> {
  const row = await queries.findCallout(ctx.db, idOrSlug);
  if (!row) throw calloutNotFound();
  if (isAdmin(identity) || row.starts) return row;
  const contactId = identity.contact?.id;
  if (contactId && (await queries.reviewsCallout(ctx.db, contactId, row.id))) return row;
  throw calloutNotFound();
}

export async function getCallout(ctx: AppContext, identity: Identity, idOrSlug: string, query: GetCalloutQuery) {
  const row = await findVisibleCallout(ctx, identity, idOrSlug);
  const name = query.variant ?? DEFAULT_VARIANT;
  const [variant] = await queries.findVariants(ctx.db, [row.id], [name]);
  if (!variant) throw new AppError("variant-not-found", { status: 404, message: `Variant ${name} not found` });
  const withOptions = withOf(query);
  const [extras, general] = await Promise.all([extrasFor(ctx, identity, [row], withOptions), getGeneralContent(ctx)]);
  const locale = variantLocale(name, general.locale);
  return presentCallout(row, variant, withOptions, extras.get(row.id) ?? {}, ctx.clock.now(), locale);
}

/** The cache key of one callout's public JSON: the callout as addressed, the variant and the extras asked for. */
function publicCalloutKey(idOrSlug: string, query: GetCalloutQuery): string {
  const withOptions = withOf(query);
  const extras = withOptions.length === 0 ? "" : [...new Set(withOptions)].sort().join(",");
  return `one:${JSON.stringify([query.variant ?? DEFAULT_VARIANT, extras, idOrSlug])}`;
}

/**
 * One callout as a visitor without a session sees it, as JSON text from the
 * cache. Its default texts follow the organisation's language; a settings
 * change empties this cache too (see `throughCalloutCache`).
 */
export function publicCalloutJson(ctx: AppContext, idOrSlug: string, query: GetCalloutQuery): Promise<string> {
  return throughCalloutCache(ctx, "public", publicCalloutKey(idOrSlug, query), async (now) => {
    const callout = await getCallout(ctx, guest, idOrSlug, query);
    return { value: serializeAs(calloutSchema, callout), until: statusChangeAfter(callout, now) };
  });
}

function variantRows(calloutId: string, variants: CreateCallout["variants"]): NewVariantRow[] {
  return Object.entries(variants).map(([name, variant]) => {
    const clean = sanitizeVariant(variant);
    return {
      calloutId,
      name,
      ...clean,
      thanksRedirect: clean.thanksRedirect ?? null,
      shareTitle: clean.shareTitle ?? null,
      shareDescription: clean.shareDescription ?? null,
    };
  });
}

/** `base`, or `base-1`, `base-2`, … whichever is free first. */
async function freeSlug(ctx: AppContext, base: string): Promise<string> {
  const taken = new Set(await queries.findSlugsLike(ctx.db, base));
  if (!taken.has(base)) return base;
  for (let suffix = 1; ; suffix += 1) {
    if (!taken.has(`${base}-${suffix}`)) return `${base}-${suffix}`;
  }
}

/** Inserts with a generated slug, trying again if another request took the same one meanwhile. */
async function insertWithSlug(
  ctx: AppContext,
  row: Omit<NewCalloutRow, "slug">,
  variants: NewVariantRow[],
  slug: string | undefined,
  base: string,
) {
  if (slug !== undefined) {
    if (await queries.slugTaken(ctx.db, slug)) throw duplicateSlug(slug);
    return queries.insertCallout(ctx.db, { ...row, slug }, variants);
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await queries.insertCallout(ctx.db, { ...row, slug: await freeSlug(ctx, base) }, variants);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

/**
 * A callout's public map is switched on (its map settings go from none to
 * some) only while it has a basemap to draw: a style of its own, or the
 * organisation's from Settings → Maps (decision 057). A map already on stays
 * editable, so that a basemap that went away never locks a callout.
 */
async function assertMapCanStart(
  ctx: AppContext,
  before: CalloutRow["responseViewSchema"] | undefined,
  after: CreateCallout["responseViewSchema"],
): Promise<void> {
  const map = after?.map;
  if (!map || map.style || before?.map) return;
  if (await hasBasemap(ctx)) return;
  throw invalidField(
    "responseViewSchema.map",
    { key: "adminValidation.mapBasemapMissing" },
    {
      code: "map-basemap-missing",
      rule: "basemap",
      summary: "The map cannot be switched on: choose a basemap in Settings → Maps first",
    },
  );
}

const gapMessages = {
  imageProp: "adminCallouts.validation.imageFieldRequired",
  "map.addressProp": "adminCallouts.validation.addressFieldRequired",
} as const;

/** A draft keeps whatever display settings are filled in; a callout that is published needs them whole. */
function assertDisplayComplete(starts: string | Date | null | undefined, view: ResponseViewSchema | null | undefined) {
  if (!starts) return;
  const [gap] = responseViewGaps(view);
  if (gap) {
    throw invalidField(
      `responseViewSchema.${gap}`,
      { key: gapMessages[gap] },
      { summary: "A published callout needs its display settings complete" },
    );
  }
}

/** The callout settings the activity record keeps before and after (decision 070). */
const CALLOUT_RECORDED_FIELDS = [
  "slug",
  "title",
  "starts",
  "expires",
  "hidden",
  "access",
  "allowUpdate",
  "allowMultiple",
  "captcha",
] as const;

/** A change that opens a draft is a publication, one that closes an open callout an end. */
function updateKind(before: CalloutRow, after: CalloutRow, now: Date): ActivityKind {
  const statusBefore = calloutStatus(before.starts, before.expires, now);
  const statusAfter = calloutStatus(after.starts, after.expires, now);
  if (statusBefore === statusAfter) return "callout.update";
  if (statusAfter === "ended") return "callout.end";
  if (statusBefore === "draft" && (statusAfter === "open" || statusAfter === "scheduled")) return "callout.publish";
  return "callout.update";
}

export async function createCallout(ctx: AppContext, input: CreateCallout): Promise<Callout> {
  assertDisplayComplete(input.starts, input.responseViewSchema);
  await assertMapCanStart(ctx, undefined, input.responseViewSchema);
  const id = ctx.newId();
  const row = {
    id,
    image: input.image,
    starts: toDate(input.starts),
    expires: toDate(input.expires),
    allowUpdate: input.allowUpdate,
    allowMultiple: input.allowMultiple,
    hidden: input.hidden,
    access: input.access,
    captcha: input.captcha,
    channels: input.channels ?? null,
    formSchema: sanitizeForm(input.formSchema),
    newsletterSchema: input.newsletterSchema ?? null,
    responseViewSchema: input.responseViewSchema ?? null,
    createdAt: ctx.clock.now(),
  };
  const variants = variantRows(id, input.variants);
  const title = input.variants[DEFAULT_VARIANT]?.title ?? "";
  const inserted = await insertWithSlug(ctx, row, variants, input.slug, slugify(title));
  calloutsChanged(ctx);
  await recordActivity(ctx, {
    kind: "callout.create",
    target: inserted.slug,
    changes: createdOf({ ...inserted, title }, CALLOUT_RECORDED_FIELDS),
  });
  return presentWithDefault(ctx, inserted);
}

async function presentWithDefault(ctx: AppContext, row: CalloutRow): Promise<Callout> {
  const [variant] = await queries.findVariants(ctx.db, [row.id], [DEFAULT_VARIANT]);
  return presentCallout(row, variant, [], {}, ctx.clock.now());
}

/** Column changes of a PATCH body; only the fields sent change. */
function columnChanges(input: UpdateCallout): Partial<NewCalloutRow> {
  const changes: Partial<NewCalloutRow> = {};
  if (input.slug !== undefined) changes.slug = input.slug;
  if (input.image !== undefined) changes.image = input.image;
  if (input.starts !== undefined) changes.starts = toDate(input.starts);
  if (input.expires !== undefined) changes.expires = toDate(input.expires);
  if (input.allowUpdate !== undefined) changes.allowUpdate = input.allowUpdate;
  if (input.allowMultiple !== undefined) changes.allowMultiple = input.allowMultiple;
  if (input.hidden !== undefined) changes.hidden = input.hidden;
  if (input.access !== undefined) changes.access = input.access;
  if (input.captcha !== undefined) changes.captcha = input.captcha;
  if (input.channels !== undefined) changes.channels = input.channels;
  if (input.formSchema !== undefined) changes.formSchema = sanitizeForm(input.formSchema);
  if (input.newsletterSchema !== undefined) changes.newsletterSchema = input.newsletterSchema;
  if (input.responseViewSchema !== undefined) changes.responseViewSchema = input.responseViewSchema;
  return changes;
}

/** Once a callout has been live its link is out in the world: the slug no longer changes. */
function assertSlugChangeAllowed(ctx: AppContext, row: CalloutRow, slug: string | undefined): void {
  if (slug === undefined || slug === row.slug) return;
  const status = calloutStatus(row.starts, row.expires, ctx.clock.now());
  if (status === "open" || status === "ended") {
    throw invalidField(
      "slug",
      { key: "adminValidation.slugLocked" },
      { rule: "slugLocked", summary: "The slug of a callout that has been published cannot change" },
    );
  }
}

export async function updateCallout(ctx: AppContext, idOrSlug: string, input: UpdateCallout): Promise<Callout> {
  const row = await queries.findCallout(ctx.db, idOrSlug);
  if (!row) throw calloutNotFound();
  assertSlugChangeAllowed(ctx, row, input.slug);
  await assertMapCanStart(ctx, row.responseViewSchema, input.responseViewSchema);
  if (input.starts !== undefined || input.responseViewSchema !== undefined) {
    const starts = input.starts !== undefined ? input.starts : row.starts;
    assertDisplayComplete(
      starts,
      input.responseViewSchema !== undefined ? input.responseViewSchema : row.responseViewSchema,
    );
  }
  if (input.slug !== undefined && (await queries.slugTaken(ctx.db, input.slug, row.id))) {
    throw duplicateSlug(input.slug);
  }
  const variants = input.variants ? variantRows(row.id, input.variants) : undefined;
  try {
    const changes = columnChanges(input);
    const updated = await queries.updateCallout(ctx.db, row.id, changes, variants);
    calloutsChanged(ctx);
    if (!updated) throw calloutNotFound();
    await recordActivity(ctx, {
      kind: updateKind(row, updated, ctx.clock.now()),
      target: updated.slug,
      changes: changesOf(row, changes, CALLOUT_RECORDED_FIELDS),
    });
    return await presentWithDefault(ctx, updated);
  } catch (error) {
    if (input.slug !== undefined && isUniqueViolation(error)) throw duplicateSlug(input.slug);
    throw error;
  }
}

/**
 * A copy with every column, variant, setting and tag; no responses and no reviewers. It starts as
 * a draft, and its slug follows its own title (the one in the body, else the original's), never
 * the original's slug.
 */
export async function replicateCallout(ctx: AppContext, fromId: string, input: UpdateCallout): Promise<Callout> {
  const source = await queries.findCallout(ctx.db, fromId);
  if (!source) throw calloutNotFound();
  const sourceVariants = await queries.findVariants(ctx.db, [source.id]);
  const id = ctx.newId();
  const { id: _id, slug: _slug, lastResponseNumber: _last, createdAt: _created, ...columns } = source;
  const copy = { ...columns, id, starts: null, expires: null, lastResponseNumber: 0, createdAt: ctx.clock.now() };
  const variants = sourceVariants.map((variant) => ({ ...variant, calloutId: id }));
  const title =
    input.variants?.[DEFAULT_VARIANT]?.title ?? sourceVariants.find((v) => v.name === DEFAULT_VARIANT)?.title ?? "";
  const { slug, ...changes } = input;
  const inserted = await insertWithSlug(ctx, copy, variants, slug, slugify(title));
  await calloutCopied.call(ctx, source.id, inserted.id);
  calloutsChanged(ctx);
  await recordActivity(ctx, {
    kind: "callout.create",
    target: inserted.slug,
    changes: createdOf({ ...inserted, title, copyOf: source.slug }, [...CALLOUT_RECORDED_FIELDS, "copyOf"]),
  });
  if (Object.keys(changes).length === 0) return presentWithDefault(ctx, inserted);
  return updateCallout(ctx, inserted.id, changes);
}

export async function deleteCallout(ctx: AppContext, idOrSlug: string): Promise<void> {
  const row = await queries.findCallout(ctx.db, idOrSlug);
  if (!row || !(await queries.deleteCallout(ctx.db, row.id))) throw calloutNotFound();
  calloutsChanged(ctx);
  await recordActivity(ctx, { kind: "callout.delete", target: row.slug });
}

/** Whether a callout exists, whatever its state (for others choosing contacts by callout). */
export async function calloutExists(ctx: AppContext, id: string): Promise<boolean> {
  return (await queries.findCallout(ctx.db, id)) !== undefined;
}
