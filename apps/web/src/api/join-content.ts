import { queryOptions, useQuery } from "@tanstack/react-query";
import type { JoinContent, JoinPeriod, JoinSetupContent, NewsletterGroupOption } from "@cohort/common/content";
import { defaultJoinContent, defaultJoinSetupContent } from "@cohort/common/content";
import type { ContributionPeriod, PaymentMethod } from "@cohort/common/payments";
import { contributionPeriods, paymentMethods } from "@cohort/common/payments";
import type { FeeRegion } from "@cohort/common/contributions";
import { feeRegions } from "@cohort/common/contributions";
import { joinContentRead } from "@cohort/common/http";
import { ONE_MINUTE } from "@cohort/common/time";
import { apiRead, apiSend } from "./client";
import { isRecord } from "./read-body";

export const joinContentKeys = {
  join: ["content", "join"] as const,
  setup: ["content", "join/setup"] as const,
};

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    (values as readonly unknown[]).includes(value);
const isPeriod = isOneOf<ContributionPeriod>(contributionPeriods);
const isMethod = isOneOf<PaymentMethod>(paymentMethods);
const isRegion = isOneOf<FeeRegion>(feeRegions);
const isAmount = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value) && value >= 0;

function readPeriods(value: unknown): JoinPeriod[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const periods = value.flatMap((period) =>
    isRecord(period) && isPeriod(period.name) && Array.isArray(period.presetAmounts)
      ? [{ name: period.name, presetAmounts: period.presetAmounts.filter(isAmount) }]
      : [],
  );
  return periods.length > 0 ? periods : undefined;
}

/**
 * The join form's settings over the defaults, field by field; a field of the
 * wrong type keeps its default. Checked without zod, as the join page is public.
 */
export function readJoinContent(body: unknown): JoinContent {
  const content: JoinContent = { ...defaultJoinContent, stripePublicKey: "", stripeCountry: "eu" };
  if (!isRecord(body)) return content;
  if (typeof body.title === "string") content.title = body.title;
  if (typeof body.subtitle === "string") content.subtitle = body.subtitle;
  if (isAmount(body.initialAmount)) content.initialAmount = body.initialAmount;
  if (isPeriod(body.initialPeriod)) content.initialPeriod = body.initialPeriod;
  content.periods = readPeriods(body.periods) ?? content.periods;
  if (typeof body.showNoContribution === "boolean") content.showNoContribution = body.showNoContribution;
  if (Array.isArray(body.paymentMethods)) content.paymentMethods = body.paymentMethods.filter(isMethod);
  if (isAmount(body.minMonthlyAmount)) content.minMonthlyAmount = body.minMonthlyAmount;
  if (typeof body.showAbsorbFee === "boolean") content.showAbsorbFee = body.showAbsorbFee;
  if (typeof body.giftEnabled === "boolean") content.giftEnabled = body.giftEnabled;
  if (Array.isArray(body.giftAmounts)) content.giftAmounts = body.giftAmounts.filter(isAmount);
  if (isAmount(body.giftMinAmount)) content.giftMinAmount = body.giftMinAmount;
  if (typeof body.giftIntro === "string") content.giftIntro = body.giftIntro;
  if (typeof body.stripePublicKey === "string") content.stripePublicKey = body.stripePublicKey;
  if (isRegion(body.stripeCountry)) content.stripeCountry = body.stripeCountry;
  return content;
}

const setupTextFields = [
  "welcome",
  "newsletterTitle",
  "newsletterText",
  "newsletterOptIn",
  "mailTitle",
  "mailText",
  "mailOptIn",
  "surveySlug",
  "surveyText",
] as const;
const setupFlagFields = ["showNewsletterOptIn", "showMailOptIn", "surveyRequired"] as const;

export function readJoinSetupContent(body: unknown): JoinSetupContent {
  const content: JoinSetupContent = { ...defaultJoinSetupContent };
  if (!isRecord(body)) return content;
  for (const field of setupTextFields) {
    const value = body[field];
    if (typeof value === "string") content[field] = value;
  }
  for (const field of setupFlagFields) {
    const value = body[field];
    if (typeof value === "boolean") content[field] = value;
  }
  if (Array.isArray(body.newsletterGroups)) {
    content.newsletterGroups = body.newsletterGroups.filter(
      (group): group is NewsletterGroupOption =>
        isRecord(group) &&
        typeof group.id === "string" &&
        typeof group.label === "string" &&
        typeof group.checked === "boolean",
    );
  }
  return content;
}

export const joinContentQueryOptions = queryOptions({
  queryKey: joinContentKeys.join,
  queryFn: ({ signal }) => apiRead(joinContentRead.path, readJoinContent, { signal, query: joinContentRead.query }),
  staleTime: 5 * ONE_MINUTE,
});

export const joinSetupContentQueryOptions = queryOptions({
  queryKey: joinContentKeys.setup,
  queryFn: ({ signal }) => apiRead("/content/join/setup", readJoinSetupContent, { signal }),
  staleTime: 5 * ONE_MINUTE,
});

/** The join form's settings; `undefined` while loading. */
export function useJoinContent() {
  return useQuery(joinContentQueryOptions);
}

/** The settings of the set-up and survey steps; `undefined` while loading. */
export function useJoinSetupContent() {
  return useQuery(joinSetupContentQueryOptions);
}

export type JoinContentChanges = Partial<Omit<JoinContent, "stripePublicKey" | "stripeCountry">>;

/** Admins: saves changes to the join form and answers with the whole form. */
export async function updateJoinContent(changes: JoinContentChanges): Promise<JoinContent> {
  return readJoinContent(await apiSend("PATCH", "/content/join", changes));
}

/** Admins: saves changes to the set-up and survey steps. */
export async function updateJoinSetupContent(changes: Partial<JoinSetupContent>): Promise<JoinSetupContent> {
  return readJoinSetupContent(await apiSend("PATCH", "/content/join/setup", changes));
}
