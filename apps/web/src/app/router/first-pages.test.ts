import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readFirstPages, withoutBuildOnlyMeta } from "../../../build/route-pages";
import type { RouteDef } from "./route-def";
import { routeTable } from "./route-table";

const firstPages = readFirstPages();

/** Every path of the route table, from the root: `/callouts/:id/respond`. */
function paths(defs: readonly RouteDef[], prefix = ""): string[] {
  return defs.flatMap((def) => {
    const own = def.path ? `${prefix}/${def.path}` : prefix;
    return [...(def.index || !def.children ? [own || "/"] : []), ...paths(def.children ?? [], own)];
  });
}

describe("first pages", () => {
  it("are pages of the route table, made of modules that exist", () => {
    const known = new Set(paths(routeTable));
    for (const page of firstPages) {
      expect(known.has(page.path), page.path).toBe(true);
      for (const module of page.modules) {
        expect(existsSync(path.join(import.meta.dirname, "../../..", module)), module).toBe(true);
      }
    }
  });

  it("are the public pages people open from a link, never the admin area", () => {
    expect(firstPages.map((page) => page.path)).toContain("/callouts/:id/respond");
    expect(firstPages.every((page) => !page.path.startsWith("/admin"))).toBe(true);
  });

  it("leave the browser's copy of the route table, which carries no meta only the build reads", () => {
    const source = readFileSync(path.join(import.meta.dirname, "route-table.tsx"), "utf8");
    const forBrowsers = withoutBuildOnlyMeta(source);
    expect(source).toMatch(/firstPage:/);
    expect(forBrowsers).not.toMatch(/firstPage:|prerendered:/);
    expect(forBrowsers.length).toBe(source.length);
  });
});
