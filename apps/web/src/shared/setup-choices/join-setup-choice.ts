import type { JoinSetupContent } from "@cohort/common/content";
import type { DeliveryAddress, ProfileInput } from "@cohort/common/contacts";
import { missingAddressParts } from "@cohort/common/contacts";

/** The delivery section as filled in: whether to post the printed edition, and where. */
export interface DeliveryValues {
  optIn: boolean;
  line1: string;
  line2: string;
  city: string;
  postcode: string;
}

export const emptyDelivery: DeliveryValues = { optIn: false, line1: "", line2: "", city: "", postcode: "" };

export type DeliveryField = "line1" | "city" | "postcode";

/** The required address lines left empty; none while the printed edition is not asked for. */
export function deliveryProblems(values: DeliveryValues): DeliveryField[] {
  // Without the opt-in no address is sent, so there is nothing to check.
  if (!values.optIn) return [];
  const address = { line1: values.line1.trim(), city: values.city.trim(), postcode: values.postcode.trim() };
  return missingAddressParts(address, true).map((missing) => missing.part);
}

/** The newsletter groups ticked before the member changes anything. */
export function initialGroupIds(content: Pick<JoinSetupContent, "newsletterGroups">): string[] {
  return content.newsletterGroups.filter((group) => group.checked).map((group) => group.id);
}

/** Adds or removes one group, keeping the settings' order. */
export function toggleGroup(
  content: Pick<JoinSetupContent, "newsletterGroups">,
  chosen: readonly string[],
  id: string,
  isChecked: boolean,
): string[] {
  return content.newsletterGroups
    .map((group) => group.id)
    .filter((groupId) => (groupId === id ? isChecked : chosen.includes(groupId)));
}

export interface SetupChoices {
  newsletterOptIn: boolean;
  groupIds: readonly string[];
  delivery: DeliveryValues;
}

export type SetupProfile = Pick<
  ProfileInput,
  "newsletterStatus" | "newsletterGroups" | "deliveryOptIn" | "deliveryAddress"
>;

/**
 * The profile changes of the set-up step: only the sections the settings
 * show are saved, the groups only for a member who wants the newsletter.
 */
export function setupProfile(
  content: Pick<JoinSetupContent, "showNewsletterOptIn" | "showMailOptIn" | "newsletterGroups">,
  choices: SetupChoices,
): SetupProfile {
  const profile: SetupProfile = {};
  if (content.showNewsletterOptIn) {
    profile.newsletterStatus = choices.newsletterOptIn ? "subscribed" : "unsubscribed";
    if (content.newsletterGroups.length > 0) {
      profile.newsletterGroups = choices.newsletterOptIn ? [...choices.groupIds] : [];
    }
  }
  if (content.showMailOptIn) {
    const { optIn, line1, line2, city, postcode } = choices.delivery;
    profile.deliveryOptIn = optIn;
    if (optIn) {
      const address: DeliveryAddress = {
        line1: line1.trim(),
        line2: line2.trim(),
        city: city.trim(),
        postcode: postcode.trim(),
      };
      profile.deliveryAddress = address;
    }
  }
  return profile;
}
