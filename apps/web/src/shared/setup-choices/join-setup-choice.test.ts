import { describe, expect, it } from "vitest";
import { defaultJoinSetupContent } from "@cohort/common/content";
import { deliveryProblems, emptyDelivery, initialGroupIds, setupProfile, toggleGroup } from "./join-setup-choice";

const groups = {
  newsletterGroups: [
    { id: "weekly", label: "Weekly digest", checked: true },
    { id: "events", label: "Events", checked: false },
    { id: "local", label: "Local news", checked: true },
  ],
};
const address = { optIn: true, line1: " 1 Quay Street ", line2: "", city: "Riverside", postcode: "RV1 2AB" };

describe("join set-up choices", () => {
  it("starts with the groups checked by default and keeps the settings' order", () => {
    expect(initialGroupIds(groups)).toEqual(["weekly", "local"]);
    expect(toggleGroup(groups, ["local"], "weekly", true)).toEqual(["weekly", "local"]);
    expect(toggleGroup(groups, ["weekly", "local"], "weekly", false)).toEqual(["local"]);
  });

  it("asks for the address lines only when the printed edition is wanted", () => {
    expect(deliveryProblems(emptyDelivery)).toEqual([]);
    expect(deliveryProblems({ ...emptyDelivery, optIn: true, city: "Riverside" })).toEqual(["line1", "postcode"]);
    expect(deliveryProblems(address)).toEqual([]);
  });

  it("saves only the sections the settings show", () => {
    const choices = { newsletterOptIn: true, groupIds: ["weekly"], delivery: address };
    expect(setupProfile({ ...defaultJoinSetupContent, showNewsletterOptIn: false }, choices)).toEqual({});
    expect(setupProfile(defaultJoinSetupContent, choices)).toEqual({ newsletterStatus: "subscribed" });
    expect(setupProfile({ ...defaultJoinSetupContent, ...groups, showMailOptIn: true }, choices)).toEqual({
      newsletterStatus: "subscribed",
      newsletterGroups: ["weekly"],
      deliveryOptIn: true,
      deliveryAddress: { line1: "1 Quay Street", line2: "", city: "Riverside", postcode: "RV1 2AB" },
    });
  });

  it("clears the groups of a member who declines the newsletter and keeps no address without delivery", () => {
    const choices = { newsletterOptIn: false, groupIds: ["weekly"], delivery: { ...address, optIn: false } };
    expect(setupProfile({ ...defaultJoinSetupContent, ...groups, showMailOptIn: true }, choices)).toEqual({
      newsletterStatus: "unsubscribed",
      newsletterGroups: [],
      deliveryOptIn: false,
    });
  });
});
