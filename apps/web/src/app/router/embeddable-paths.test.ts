import { describe, expect, it } from "vitest";
import { isEmbeddablePath } from "@cohort/common/http";
import type { RouteDef } from "./route-def";
import { routeTable } from "./route-table";

interface Leaf {
  name: string;
  path: string;
  embeddable: boolean;
}

/** Every page with its full path, parameters filled in, and whether the table lets it load in a frame. */
function leaves(defs: readonly RouteDef[], base = "", parentEmbeddable = false): Leaf[] {
  return defs.flatMap((def) => {
    const path = def.index ? base : `${base}/${def.path ?? ""}`.replace(/:[^/]+/g, "x");
    const embeddable = def.meta.embeddable ?? parentEmbeddable;
    if (def.children) return leaves(def.children, path, embeddable);
    return [{ name: def.meta.name, path: path || "/", embeddable }];
  });
}

describe("embeddable pages", () => {
  const pages = leaves(routeTable).filter((page) => page.path !== "/*");

  it("are the pages the server lets other sites frame, and no others", () => {
    for (const page of pages) expect(isEmbeddablePath(page.path), `${page.name} ${page.path}`).toBe(page.embeddable);
  });

  it("include the public callout and join pages but not the admin area", () => {
    const embeddable = pages.filter((page) => page.embeddable).map((page) => page.name);
    expect(embeddable).toEqual(expect.arrayContaining(["calloutMain", "calloutRespond", "calloutThanks", "join"]));
    expect(isEmbeddablePath("/admin/callouts")).toBe(false);
    expect(isEmbeddablePath("/auth/login")).toBe(false);
  });
});
