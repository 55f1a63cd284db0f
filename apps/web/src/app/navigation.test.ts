import { describe, expect, it } from "vitest";
import { adminNavigation, isVisibleTo, memberNavigation } from "./navigation";

const targets = (entries: typeof adminNavigation, person: { isAdmin: boolean; isReviewer: boolean }) =>
  entries.filter((entry) => isVisibleTo(entry, person)).map((entry) => (entry.kind === "link" ? entry.to : "logout"));

describe("navigation", () => {
  it("shows a reviewer in the admin area only the callouts, their account and log out", () => {
    expect(targets(adminNavigation, { isAdmin: false, isReviewer: true })).toEqual([
      "/admin/callouts",
      "/profile",
      "logout",
    ]);
  });

  it("shows admins every admin page", () => {
    expect(targets(adminNavigation, { isAdmin: true, isReviewer: false })).toContain("/admin/settings");
    expect(targets(adminNavigation, { isAdmin: true, isReviewer: true })).toHaveLength(adminNavigation.length);
  });

  it("points reviewers, and only them, from the member area to what they review", () => {
    expect(targets(memberNavigation, { isAdmin: false, isReviewer: true })).toContain("/admin/callouts");
    expect(targets(memberNavigation, { isAdmin: false, isReviewer: false })).not.toContain("/admin/callouts");
    expect(targets(memberNavigation, { isAdmin: false, isReviewer: false })).not.toContain("/admin");
    expect(targets(memberNavigation, { isAdmin: true, isReviewer: true })).toEqual(expect.arrayContaining(["/admin"]));
    expect(targets(memberNavigation, { isAdmin: true, isReviewer: true })).not.toContain("/admin/callouts");
  });
});
