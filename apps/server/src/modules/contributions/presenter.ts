import type { ContributionInfo } from "@cohort/common/payments";
import { paymentSourceSchema } from "@cohort/common/payments";
import { toMajorUnits } from "@cohort/common/contributions";
import { presentContribution } from "../contacts/presenter.js";
import type { ContributionState } from "./service.js";

/**
 * A contact's contribution on the wire: the contact's facts plus what only
 * this endpoint tells, the method's details, a scheduled amount and whether a
 * payment is pending.
 */
export function presentContributionInfo(state: ContributionState, now: Date): ContributionInfo {
  const { contact, contribution, roles } = state;
  const base = presentContribution(contact, roles, contribution, now);
  const stored = contribution?.paymentSource ? paymentSourceSchema.safeParse(contribution.paymentSource) : undefined;
  return {
    ...base,
    ...(contribution?.nextAmount !== null && contribution?.nextAmount !== undefined
      ? { nextAmount: toMajorUnits(contribution.nextAmount) }
      : {}),
    paymentSource:
      contact.contributionType === "Automatic" && stored?.success
        ? stored.data
        : contribution?.paymentMethod
          ? { method: contribution.paymentMethod }
          : {
              method: null,
              ...(contribution?.manualSource ? { source: contribution.manualSource } : {}),
              ...(contribution?.manualReference ? { reference: contribution.manualReference } : {}),
            },
    hasPendingPayment: state.hasPendingPayment,
  };
}
