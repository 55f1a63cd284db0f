import { describe, expect, it } from "vitest";
import type { RouteDef } from "../../app/router/route-def";
import { resolveRouteMeta } from "../../app/router/route-meta";
import { routeTable } from "../../app/router/route-table";

function flatten(defs: readonly RouteDef[]): RouteDef[] {
  return defs.flatMap((def) => [def, ...flatten(def.children ?? [])]);
}

describe("routes of joining, contributions and resets", () => {
  const byPath = new Map(flatten(routeTable).map((def) => [def.path, def.meta]));

  it("keeps the join page public, embeddable and out of reviewer mode", () => {
    expect(byPath.get("join")).toMatchObject({ name: "join", layout: "auth", noLogin: true, noReviewerMode: true });
    // Embeddable by its path, which the one list of framed pages names.
    expect(resolveRouteMeta(byPath.get("join")!, undefined, "/join").embeddable).toBe(true);
    expect(byPath.get("join/complete")).toMatchObject({ layout: "loading", noLogin: true });
    expect(byPath.get("join/confirm-email")).toMatchObject({ layout: "auth", noLogin: true });
    expect(byPath.get("join/confirm-email/:id")).toMatchObject({ layout: "loading", noLogin: true });
    expect(byPath.get("join/setup")).toMatchObject({ layout: "auth" });
    expect(byPath.get("join/setup")?.noLogin).toBeFalsy();
    expect(byPath.get("join/survey")).toMatchObject({ name: "joinSurvey", layout: "auth" });
    expect(byPath.get("join/survey")?.noLogin).toBeFalsy();
  });

  it("needs a login for the contribution pages and uses the loading layout to finish provider steps", () => {
    for (const path of ["profile/contribution", "profile/contribution/cancel"]) {
      expect(byPath.get(path)?.noLogin, path).toBeFalsy();
    }
    expect(byPath.get("profile/contribution/complete")).toMatchObject({ layout: "loading" });
    expect(byPath.get("profile/contribution/payment-method/complete")).toMatchObject({ layout: "loading" });
  });

  it("opens the reset pages to visitors in the auth layout", () => {
    const paths = [
      "auth/forgot-password",
      "auth/reset-password/:id",
      "auth/set-password/:id",
      "auth/lost-device",
      "auth/reset-device/:id",
    ];
    for (const path of paths) expect(byPath.get(path), path).toMatchObject({ layout: "auth", noLogin: true });
  });
});
