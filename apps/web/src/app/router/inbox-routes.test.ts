import { describe, expect, it } from "vitest";
import { guardRoute } from "./guard";
import type { RouteDef } from "./route-def";
import { resolveRouteMeta } from "./route-meta";
import type { ResolvedRouteMeta } from "./route-meta";
import { routeTable } from "./route-table";

function resolved(defs: readonly RouteDef[], parent?: ResolvedRouteMeta): ResolvedRouteMeta[] {
  return defs.flatMap((def) => {
    const meta = resolveRouteMeta(def.meta, parent);
    return [meta, ...resolved(def.children ?? [], meta)];
  });
}

const byName = new Map(resolved(routeTable).map((meta) => [meta.name, meta]));
const reviewer = { activeRoles: [] as never[], isReviewer: true };
const member = { activeRoles: ["member" as const] };

describe("the responses inbox routes", () => {
  it.each(["adminCalloutResponses", "adminCalloutResponse", "adminCalloutResponseTags"])(
    "%s opens for a reviewer who is not an admin, in reviewer mode too",
    (name) => {
      const meta = byName.get(name);
      expect(meta).toMatchObject({ admin: false, noReviewerMode: false, noLogin: false });
      expect(guardRoute({ meta: meta!, user: reviewer, isInFrame: false, isReviewerMode: true, target: "/x" })).toEqual(
        {
          kind: "allow",
        },
      );
    },
  );

  it.each(["adminCallouts", "adminCalloutResponses", "adminCalloutResponse"])(
    "%s stays closed to a member who reviews nothing",
    (name) => {
      const meta = byName.get(name);
      expect(guardRoute({ meta: meta!, user: member, isInFrame: false, isReviewerMode: false, target: "/x" })).toEqual({
        kind: "cancel",
        reason: "unauthorized",
      });
    },
  );

  it("keeps the contact page's Callouts tab for admins", () => {
    expect(byName.get("adminContactCallouts")).toMatchObject({ admin: true });
  });
});
