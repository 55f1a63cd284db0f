import type { JoinContent, JoinFormSettings } from "@cohort/common/content";
import type { ContributionPeriod, PaymentMethod } from "@cohort/common/payments";
import { contributionPeriods, paymentMethods } from "@cohort/common/payments";

/** One period on the form: offered or not, with its suggested amounts as typed. */
export interface PeriodFormInput {
  name: ContributionPeriod;
  isOffered: boolean;
  presetAmounts: { amount: string }[];
}

/** The join form's settings as the admin edits them: amounts as typed, every period listed. */
export interface JoinFormInput {
  title: string;
  subtitle: string;
  periods: PeriodFormInput[];
  initialAmount: string;
  initialPeriod: ContributionPeriod;
  minMonthlyAmount: string;
  showAbsorbFee: boolean;
  showNoContribution: boolean;
  paymentMethods: PaymentMethod[];
}

/** The settings the form saves: the whole join form but its read-only fields and the gift settings (their own tab). */
export type JoinSettings = JoinFormSettings;

/** The form's starting values: offered periods in their order, then the others. */
export function joinFormValues(content: JoinContent): JoinFormInput {
  const offered = content.periods.map((period): PeriodFormInput => ({
    name: period.name,
    isOffered: true,
    presetAmounts: period.presetAmounts.map((amount) => ({ amount: String(amount) })),
  }));
  const others = contributionPeriods
    .filter((name) => !content.periods.some((period) => period.name === name))
    .map((name): PeriodFormInput => ({ name, isOffered: false, presetAmounts: [] }));
  return {
    title: content.title,
    subtitle: content.subtitle,
    periods: [...offered, ...others],
    initialAmount: String(content.initialAmount),
    initialPeriod: content.initialPeriod,
    minMonthlyAmount: String(content.minMonthlyAmount),
    showAbsorbFee: content.showAbsorbFee,
    showNoContribution: content.showNoContribution,
    paymentMethods: paymentMethods.filter((method) => content.paymentMethods.includes(method)),
  };
}

/** Reads an amount as typed; a comma counts as the decimal separator. */
export function readAmount(text: string): number | undefined {
  const normalised = text.trim().replace(",", ".");
  return /^\d+(\.\d{1,2})?$/.test(normalised) ? Number(normalised) : undefined;
}

/** Where a settings path (`periods.1.presetAmounts.0`) sits on the form, whose period list also holds periods not offered. */
export function formPath(settingsPath: readonly PropertyKey[], periods: readonly Pick<PeriodFormInput, "isOffered">[]) {
  const [first, index, field, amountIndex, ...rest] = settingsPath.map((part) =>
    typeof part === "symbol" ? String(part) : part,
  );
  if (first !== "periods" || index === undefined) return settingsPath.map(String);
  const offeredIndexes = periods.flatMap((period, formIndex) => (period.isOffered ? [formIndex] : []));
  const formIndex = offeredIndexes[Number(index)] ?? Number(index);
  const path: (string | number)[] = ["periods", formIndex];
  if (field !== undefined) path.push(field);
  if (field === "presetAmounts" && amountIndex !== undefined) path.push(amountIndex, "amount", ...rest);
  else if (amountIndex !== undefined) path.push(amountIndex, ...rest);
  return path.map(String);
}
