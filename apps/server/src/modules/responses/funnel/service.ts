import type { CalloutFunnel, CalloutFunnelReport } from "@cohort/common/callouts";
import { calloutStatus } from "@cohort/common/callouts";
import type { Rule, RuleGroup } from "@cohort/common/filters";
import type { AppContext } from "../../../context.js";
import type { Identity } from "../../../http/auth.js";
import { invalidField } from "../../../http/parse.js";
import * as queries from "./queries.js";
import { calloutForTriage, calloutRules, compileRules, inboxFilterFields } from "../inbox/service.js";
import { refuse } from "../policy.js";
import { findCalloutToAnswer } from "../service.js";

/** The day of a moment, as counters are kept: `YYYY-MM-DD` in UTC. */
const dayOf = (moment: Date) => moment.toISOString().slice(0, 10);

/**
 * Counts one stage of one visit to a callout's form (decision 073): the
 * callout must be open, and a slide must be one of its form's slides after
 * the first (every visit starts on the first: that is `opened`). Nothing of
 * the caller is kept; the browser reports each stage of a visit once.
 */
export async function reportFunnelStage(ctx: AppContext, idOrSlug: string, report: CalloutFunnelReport): Promise<void> {
  const callout = await findCalloutToAnswer(ctx, idOrSlug);
  const now = ctx.clock.now();
  if (calloutStatus(callout.starts, callout.expires, now) !== "open") throw refuse("closed");
  let slideId = "";
  if (report.stage === "slide") {
    const index = callout.formSchema.slides.findIndex((slide) => slide.id === report.slideId);
    if (index < 1) throw invalidField("slideId", { key: "adminValidation.unknownSlide" }, { rule: "notFound" });
    slideId = report.slideId;
  }
  await queries.countStage(ctx.db, { calloutId: callout.id, day: dayOf(now), stage: report.stage, slideId });
}

/**
 * The rules of a filter about when responses were created, where they
 * decide alone: at the top or in groups joined by AND. A rule inside an OR
 * group cannot be told apart from its alternatives, so none of them counts.
 */
function creationRules(group: RuleGroup | undefined): Rule[] {
  if (!group || group.condition !== "AND") return [];
  return group.rules.flatMap((rule) =>
    "rules" in rule ? creationRules(rule) : rule.field === "createdAt" ? [rule] : [],
  );
}

/**
 * The funnel of a callout's form: visits that opened it, started, reached
 * each slide after the first, and the responses saved, over the days the
 * summary's date rules select. Its other rules (buckets, tags, answers)
 * cannot apply to counters that know nothing of a visit. The same readers
 * as the summary of answers.
 */
export async function calloutFunnel(
  ctx: AppContext,
  identity: Identity,
  idOrSlug: string,
  rules: RuleGroup | undefined,
): Promise<CalloutFunnel> {
  const callout = await calloutForTriage(ctx, identity, idOrSlug);
  // A filter the summary would refuse is refused here too.
  calloutRules(ctx, identity, callout, rules);
  const dates = creationRules(rules);
  const days = compileRules(
    ctx,
    identity,
    dates.length > 0 ? { condition: "AND", rules: dates } : undefined,
    { createdAt: inboxFilterFields.createdAt! },
    { createdAt: queries.counterDayStart },
  );
  const totals = await queries.stageTotals(ctx.db, callout.id, days);
  const total = (stage: queries.FunnelStage, slideId = "") =>
    totals.find((row) => row.stage === stage && row.slideId === slideId)?.count ?? 0;
  const firstDays = totals.map((row) => row.firstDay).sort();
  const lastDays = totals.map((row) => row.lastDay).sort();
  return {
    opened: total("opened"),
    started: total("started"),
    slides: callout.formSchema.slides
      .slice(1)
      .map((slide) => ({ id: slide.id, title: slide.title || slide.id, reached: total("slide", slide.id) })),
    submitted: total("submitted"),
    firstDay: firstDays[0] ?? null,
    lastDay: lastDays.at(-1) ?? null,
  };
}
