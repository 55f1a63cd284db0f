import { describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n/i18n";
import { resolveLayout } from "../layouts/resolve-layout";
import { buildRoutes } from "./build-routes";
import type { GuardContext } from "./guard-loader";
import type { RouteDef } from "./route-def";
import type { ResolvedRouteMeta } from "./route-meta";
import { routeTable } from "./route-table";

const context = {} as GuardContext;

function flatten(defs: readonly RouteDef[]): RouteDef[] {
  return defs.flatMap((def) => [def, ...flatten(def.children ?? [])]);
}

describe("route table", () => {
  const defs = flatten(routeTable);

  it("gives every route a unique name", () => {
    const names = defs.map((def) => def.meta.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("gives every page something to render, as the router expects of a route without children", () => {
    for (const def of defs.filter((candidate) => !candidate.children)) {
      expect(Boolean(def.Component ?? def.lazy), def.meta.name).toBe(true);
    }
  });

  it("uses layouts that exist and titles that are translated", () => {
    for (const def of defs) {
      if (def.meta.layout) expect(() => resolveLayout(def.meta.layout ?? "")).not.toThrow();
      if (def.meta.pageTitle) expect(i18n.exists(def.meta.pageTitle), def.meta.pageTitle).toBe(true);
    }
  });

  it("lets visitors reach the public pages and keeps the admin area for admins", () => {
    const byName = new Map(defs.map((def) => [def.meta.name, def.meta]));
    expect(byName.get("login")).toMatchObject({ noLogin: true, layout: "auth" });
    expect(byName.get("setup")).toMatchObject({ noLogin: true, layout: "auth" });
    expect(byName.get("notFound")).toMatchObject({ noLogin: true, layout: "auth" });
    expect(byName.get("adminDashboard")).toMatchObject({ admin: true });
    expect(byName.get("profile")?.noLogin).toBeFalsy();
  });

  it("keeps every admin page for admins, or for admins and reviewers", () => {
    const check = (routes: readonly RouteDef[], inherited: { admin?: boolean; staff?: boolean }, prefix: string) => {
      for (const def of routes) {
        const path = def.path ? `${prefix}/${def.path}` : prefix;
        const flags = { admin: def.meta.admin ?? inherited.admin, staff: def.meta.staff ?? inherited.staff };
        if (/^\/admin(\/|$)/.test(path)) expect(flags.admin || flags.staff, path).toBe(true);
        check(def.children ?? [], flags, path);
      }
    };
    check(routeTable, {}, "");
  });
});

describe("buildRoutes", () => {
  const Page = () => null;

  it("puts the resolved meta in the handle and a guard loader on every leaf", () => {
    const [parent] = buildRoutes(
      [
        {
          path: "admin/contacts/:id",
          meta: { name: "contact", admin: true, layout: "flexible-dashboard" },
          Component: Page,
          children: [
            { index: true, meta: { name: "contactOverview" }, Component: Page },
            { path: "account", meta: { name: "contactAccount", pageTitle: "pageTitles.profile" }, Component: Page },
          ],
        },
      ],
      context,
    );
    expect(parent?.loader).toBeUndefined();
    const child = parent?.children?.[1];
    expect(child?.handle).toEqual({
      name: "contactAccount",
      layout: "flexible-dashboard",
      noLogin: false,
      admin: true,
      staff: false,
      embeddable: false,
      noReviewerMode: false,
      pageTitle: "pageTitles.profile",
    } satisfies ResolvedRouteMeta);
    expect(typeof child?.loader).toBe("function");
    expect(parent?.children?.[0]?.index).toBe(true);
  });

  it("refuses a loader on a route with children, which would skip the guard", () => {
    const loader = vi.fn();
    expect(() =>
      buildRoutes(
        [{ path: "x", meta: { name: "x" }, loader, children: [{ index: true, meta: { name: "y" } }] }],
        context,
      ),
    ).toThrow("it may be neither an index nor load data");
  });
});
