import { describe, expect, it } from "vitest";
import en from "../../locales/en.json";
import type { RouteDef } from "../router/route-def";
import { routeTable } from "../router/route-table";
import { bundledMessages, deferredMessagesFor, deferredPublicMessages, needsAllMessages } from "./message-split";

/** Every route with its full path, parameters filled in. */
function withPaths(defs: readonly RouteDef[], parent = ""): { def: RouteDef; path: string }[] {
  return defs.flatMap((def) => {
    const path = def.path ? `${parent}/${def.path.replace(/:\w+/g, "x")}` : parent || "/";
    return [{ def, path }, ...withPaths(def.children ?? [], path)];
  });
}

describe("page titles left out of the bundled English", () => {
  it("belong to pages that load every message before they open", () => {
    const titles = (bundledMessages(en) as typeof en).pageTitles as Record<string, string>;
    const deferred = withPaths(routeTable).filter(({ def }) => {
      const key = def.meta.pageTitle?.replace(/^pageTitles\./, "");
      return key !== undefined && !Object.hasOwn(titles, key);
    });
    expect(deferred.length).toBeGreaterThan(10);
    for (const { def, path } of deferred) expect(needsAllMessages(path), `${def.meta.name} at ${path}`).toBe(true);
  });

  it("reach the pages outside the admin area with their deferred texts", () => {
    const titles = {
      ...(bundledMessages(en) as typeof en).pageTitles,
      ...(deferredPublicMessages(en) as Partial<typeof en>).pageTitles,
    } as Record<string, string>;
    const outsideAdmin = withPaths(routeTable).filter(({ path }) => deferredMessagesFor(path) === "public");
    expect(outsideAdmin.length).toBeGreaterThan(5);
    for (const { def, path } of outsideAdmin) {
      const key = def.meta.pageTitle;
      if (key?.startsWith("pageTitles.")) expect(titles, `${def.meta.name} at ${path}`).toHaveProperty(key.slice(11));
    }
  });
});
