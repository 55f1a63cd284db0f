import { createHash } from "node:crypto";
import type { SQL } from "drizzle-orm";
import type { FormComponent } from "@cohort/common/callout-form";
import { componentOptions, inputComponents } from "@cohort/common/callout-form";
import type { ComponentSummary, ResponseSummary } from "@cohort/common/callouts";
import {
  SUMMARY_BUCKETS,
  SUMMARY_MAP_POINTS,
  SUMMARY_RECENT_ANSWERS,
  SUMMARY_TOP_PHRASES,
  SUMMARY_TOP_WORDS,
  responseSummarySchema,
  summaryKindOf,
} from "@cohort/common/callouts";
import type { RuleGroup } from "@cohort/common/filters";
import type { Locale } from "@cohort/common/i18n";
import type { AppContext } from "../../../context.js";
import { allOfGrouped } from "../../../filters/conditions.js";
import type { Identity } from "../../../http/auth.js";
import { invalidField } from "../../../http/parse.js";
import { serializeAs } from "../../../http/serialized.js";
import { csvFile } from "../../../lib/csv.js";
import { getGeneralContent } from "../../content/service.js";
import { ofCallout } from "../inbox/queries.js";
import { calloutForTriage, calloutRules } from "../inbox/service.js";
import { FeedPage, MapFeedCache } from "../map-feed-cache.js";
import { stopWordsOf } from "./stop-words.js";
import * as queries from "./queries.js";
import type { ResponseCallout } from "../service.js";
import type { Db } from "../../../db/client.js";

/** Phrases are looked for in this many of the newest text answers (decision 072). */
const PHRASE_SAMPLE = 5000;

/** How much of a recent text answer the summary shows. */
const RECENT_TEXT_LENGTH = 280;

const caches = new WeakMap<Db, MapFeedCache>();

/**
 * Finished summaries as JSON text, kept by each server copy the way the map
 * feed keeps its pages (decision 035): an entry is used only while the
 * callout's responses, its tags, its form and the site's language are what
 * they were when it was made.
 */
function summaryCacheOf(db: Db): MapFeedCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new MapFeedCache();
    caches.set(db, cache);
  }
  return cache;
}

const labelOf = (component: FormComponent) => component.label || component.key;

async function summariseComponent(
  ctx: AppContext,
  where: SQL,
  component: FormComponent,
  ref: queries.AnswerRef & { fullKey: string },
  answered: number,
  total: number,
  locale: Locale,
  /** This input's share of the statements that read several inputs at once. */
  choices: Promise<Map<string, number>> | undefined,
): Promise<ComponentSummary> {
  const base = { key: ref.fullKey, type: component.type, label: labelOf(component), answered };
  const kind = summaryKindOf(component);
  switch (kind) {
    case "choice": {
      if (component.type === "checkbox") {
        // A checkbox left alone counts as unticked, as the answer filters read it.
        return {
          ...base,
          answered: total,
          kind,
          options: [
            { value: "true", label: "true", count: answered },
            { value: "false", label: "false", count: total - answered },
          ],
        };
      }
      const counts = (await choices) ?? new Map<string, number>();
      const options = componentOptions(component).map((option) => ({
        value: option.value,
        label: option.label || option.value,
        count: counts.get(option.value) ?? 0,
      }));
      // Values no longer among the options (the form changed since) are still counted.
      const known = new Set(options.map((option) => option.value));
      for (const [value, count] of counts) {
        if (!known.has(value)) options.push({ value, label: value, count });
      }
      return { ...base, kind, options };
    }
    case "number": {
      const spread = await queries.numberDistribution(ctx.db, where, ref);
      // Only numbers count: text left in a number answer (the form changed since) is no answer here.
      return {
        ...base,
        answered: spread.count,
        kind,
        ...(typeof component.currency === "string" ? { currency: component.currency } : {}),
        min: spread.min,
        median: spread.median,
        max: spread.max,
        buckets: bucketRanges(spread),
      };
    }
    case "date": {
      const spread = await queries.dateDistribution(ctx.db, where, ref);
      const iso = (seconds: number | null) => (seconds === null ? null : new Date(seconds * 1000).toISOString());
      return {
        ...base,
        answered: spread.count,
        kind,
        min: iso(spread.min),
        median: iso(spread.median),
        max: iso(spread.max),
        buckets: bucketRanges(spread).map((bucket) => ({
          from: iso(bucket.from)!,
          to: iso(bucket.to)!,
          count: bucket.count,
        })),
      };
    }
    case "text": {
      const [frequent, recent] = await Promise.all([
        queries.frequentWords(ctx.db, where, ref, stopWordsOf(locale), {
          words: SUMMARY_TOP_WORDS,
          phrases: SUMMARY_TOP_PHRASES,
          phraseSample: PHRASE_SAMPLE,
        }),
        queries.recentTexts(ctx.db, where, ref, SUMMARY_RECENT_ANSWERS, RECENT_TEXT_LENGTH),
      ]);
      return { ...base, kind, ...frequent, recent };
    }
    case "address":
      return { ...base, kind, points: await queries.addressPoints(ctx.db, where, ref, SUMMARY_MAP_POINTS) };
    default:
      return { ...base, kind: "count" };
  }
}

/**
 * Every bucket from the minimum to the maximum, empty ones included: one per
 * value for whole numbers a few apart, else `SUMMARY_BUCKETS` of equal width
 * (the last one closed at the maximum).
 */
function bucketRanges(spread: queries.Distribution): { from: number; to: number; count: number }[] {
  if (spread.min === null || spread.max === null || spread.count === 0) return [];
  const counts = new Map(spread.buckets.map((bucket) => [bucket.index, bucket.count]));
  const { min, max } = spread;
  if (min === max) return [{ from: min, to: max, count: spread.count }];
  if (spread.perValue) {
    return Array.from({ length: max - min + 1 }, (_, index) => ({
      from: min + index,
      to: min + index,
      count: counts.get(index + 1) ?? 0,
    }));
  }
  const width = (max - min) / SUMMARY_BUCKETS;
  return Array.from({ length: SUMMARY_BUCKETS }, (_, index) => ({
    from: min + index * width,
    to: index === SUMMARY_BUCKETS - 1 ? max : min + (index + 1) * width,
    count: counts.get(index + 1) ?? 0,
  }));
}

async function computeSummary(
  ctx: AppContext,
  where: SQL,
  form: Parameters<typeof inputComponents>[0],
  locale: Locale,
): Promise<ResponseSummary> {
  const inputs = inputComponents(form);
  const refs = inputs.map(({ slide, component, fullKey }) => ({ slideId: slide.id, key: component.key, fullKey }));
  const { total, answered } = await queries.countAnswered(
    ctx.db,
    where,
    inputs.map(({ component }, index) => ({
      ref: refs[index]!,
      kind: component.type === "checkbox" ? "checkbox" : component.type === "selectboxes" ? "ticks" : "any",
    })),
  );
  // The choices of every input are counted in one pass over the responses, beside the statements
  // of the other inputs.
  const choiceIndexes = inputs.flatMap(({ component }, index) =>
    summaryKindOf(component) === "choice" && component.type !== "checkbox" ? [index] : [],
  );
  const choices = queries.countChoices(
    ctx.db,
    where,
    choiceIndexes.map((index) => refs[index]!),
  );
  const choicesOf = (index: number) =>
    choiceIndexes.includes(index) ? choices.then((all) => all[choiceIndexes.indexOf(index)]!) : undefined;
  const [components] = await Promise.all([
    Promise.all(
      inputs.map(({ component }, index) =>
        summariseComponent(ctx, where, component, refs[index]!, answered[index]!, total, locale, choicesOf(index)),
      ),
    ),
    choices,
  ]);
  return { total, locale, components };
}

/** A short digest of what a summary is shaped by besides the responses. */
function digest(value: unknown): string {
  return createHash("sha1").update(JSON.stringify(value)).digest("base64url");
}

/**
 * The summary of a callout's answers over the responses the rules select
 * (the inbox's filter grammar, answers included), as JSON text. Admins and
 * the callout's reviewers may read it, as they read every response; it never
 * names who answered. Kept while the callout's responses are unchanged.
 */
export async function summariseResponses(
  ctx: AppContext,
  identity: Identity,
  idOrSlug: string,
  rules: RuleGroup | undefined,
): Promise<FeedPage> {
  return summaryOf(ctx, identity, await calloutForTriage(ctx, identity, idOrSlug), rules);
}

/** The summary of a callout the caller was found to triage. */
async function summaryOf(
  ctx: AppContext,
  identity: Identity,
  callout: ResponseCallout,
  rules: RuleGroup | undefined,
): Promise<FeedPage> {
  const where = allOfGrouped(ofCallout(callout.id), calloutRules(ctx, identity, callout, rules))!;
  const { locale } = await getGeneralContent(ctx);
  const cache = summaryCacheOf(ctx.db);
  const key = queries.conditionKey(where);
  const version = `${await queries.summaryVersion(ctx.db, callout.id)}:${digest([callout.formSchema, locale])}`;
  const cached = cache.get(key, version);
  if (cached) return cached;
  const summary = await computeSummary(ctx, where, callout.formSchema, locale);
  const page = new FeedPage(serializeAs(responseSummarySchema, summary));
  cache.set(key, version, page);
  return page;
}

/**
 * Data upgrade (decision 084): stores the words, phrases and dates of the
 * answers written before they were stored with each answer.
 */
export function storeSummaryWordsAndDates(db: Db): Promise<number> {
  return queries.fillResponseValues(db);
}

const percent = (count: number, of: number) => (of > 0 ? ((count / of) * 100).toFixed(1) : "");

/** One input's figures as CSV rows: question, what is counted, the item, its count, its share. */
function csvRows(summary: ComponentSummary): unknown[][] {
  const row = (measure: string, item: unknown, count: unknown, share = "") => [
    summary.label,
    measure,
    item,
    count,
    share,
  ];
  const rows = [row("answered", "", summary.answered)];
  switch (summary.kind) {
    case "choice":
      for (const option of summary.options) {
        rows.push(row("option", option.label, option.count, percent(option.count, summary.answered)));
      }
      break;
    case "number":
    case "date":
      rows.push(row("min", summary.min, ""), row("median", summary.median, ""), row("max", summary.max, ""));
      for (const bucket of summary.buckets) {
        const range = bucket.from === bucket.to ? String(bucket.from) : `${bucket.from} – ${bucket.to}`;
        rows.push(row("range", range, bucket.count, percent(bucket.count, summary.answered)));
      }
      break;
    case "text":
      for (const word of summary.words) rows.push(row("word", word.text, word.count));
      for (const phrase of summary.phrases) rows.push(row("phrase", phrase.text, phrase.count));
      break;
    case "address":
      rows.push(row("located", "", summary.points.length));
      break;
    default:
      break;
  }
  return rows;
}

/**
 * The figures of the summary as CSV (through the one CSV writer), all inputs
 * or the one `key` names. Recent answers and map points stay out: the file
 * holds figures, not answers.
 */
export async function summaryCsv(
  ctx: AppContext,
  identity: Identity,
  idOrSlug: string,
  query: { rules?: RuleGroup | undefined; key?: string | undefined },
): Promise<{ filename: string; chunks: AsyncGenerator<string> }> {
  const callout = await calloutForTriage(ctx, identity, idOrSlug);
  const page = await summaryOf(ctx, identity, callout, query.rules);
  const summary = JSON.parse(page.json) as ResponseSummary;
  const components = query.key ? summary.components.filter((item) => item.key === query.key) : summary.components;
  if (query.key && components.length === 0) {
    throw invalidField("key", { key: "adminValidation.unknownAnswerKey" }, { rule: "notFound" });
  }
  const header = ["Question", "Measure", "Item", "Count", "Percent"];
  const stamp = ctx.clock.now().toISOString().replace(/[:.]/g, "-");
  const name = [callout.slug, query.key]
    .filter(Boolean)
    .join("_")
    .replace(/[^A-Za-z0-9_-]/g, "-");
  return {
    filename: `summary-${name}_${stamp}.csv`,
    chunks: (async function* () {
      yield csvFile(header, [["Responses", "total", "", summary.total, ""], ...components.flatMap(csvRows)]);
    })(),
  };
}
