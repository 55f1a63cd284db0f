import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readFirstPages, withoutBuildOnlyMeta } from "../../../build/route-pages";
import type { RouteDef } from "./route-def";
import { routeTable } from "./route-table";

const firstPages = readFirstPages();

/** Every page of the route table with its path from the root (`/callouts/:id/respond`), as the app holds it. */
function pages(defs: readonly RouteDef[], prefix = ""): { path: string; def: RouteDef }[] {
  return defs.flatMap((def) => {
    const own = def.path ? `${prefix}/${def.path}` : prefix;
    return [...(def.index || !def.children ? [{ path: own || "/", def }] : []), ...pages(def.children ?? [], own)];
  });
}

describe("first pages", () => {
  it("are pages of the route table, made of modules that exist", () => {
    const known = new Set(pages(routeTable).map((page) => page.path));
    for (const page of firstPages) {
      expect(known.has(page.path), page.path).toBe(true);
      for (const module of page.modules) {
        expect(existsSync(path.join(import.meta.dirname, "../../..", module)), module).toBe(true);
      }
    }
  });

  it("read from the table's source are the pages the app's table flags, with the same reads", () => {
    const flagged = pages(routeTable).flatMap((page) =>
      page.def.meta.firstPage ? [{ path: page.path, reads: page.def.meta.firstPage.reads }] : [],
    );
    expect(firstPages.map((page) => ({ path: page.path, reads: page.reads }))).toEqual(flagged);
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
