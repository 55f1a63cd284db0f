import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, Outlet, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GeneralContent } from "@cohort/common/content";
import { defaultGeneralContent } from "@cohort/common/content";
import { generalContentQueryOptions } from "../../api/content";
import { activateLocale, i18n } from "../i18n/i18n";
import { resolveRouteMeta, type RouteMeta } from "../router/route-meta";
import { usePageTitle } from "./page-title";
import { RouteEffects } from "./route-effects";

const general: GeneralContent = {
  ...defaultGeneralContent,
  organisationName: "Harbour Post",
  currencyCode: "GBP",
  currencySymbol: "£",
};

const page = (path: string, meta: RouteMeta) => ({ path, handle: resolveRouteMeta(meta), Component: () => null });

function renderRoutes(initialPath: string) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(generalContentQueryOptions.queryKey, general);
  const router = createMemoryRouter(
    [
      {
        path: "/",
        Component: () => (
          <>
            <RouteEffects />
            <Outlet />
          </>
        ),
        children: [
          page("profile", { name: "profile", pageTitle: "pageTitles.profile" }),
          page("auth/login", { name: "login", pageTitle: "pageTitles.login" }),
          page("admin/contacts/:id", { name: "adminContact", pageTitle: "pageTitles.adminContact" }),
          page("no-title", { name: "noTitle" }),
          {
            path: "admin/callouts/:id",
            handle: resolveRouteMeta({ name: "adminCallout", pageTitle: "pageTitles.adminCallout" }),
            Component: function AdminCalloutTitle() {
              usePageTitle("Flooding on your street");
              return <Outlet />;
            },
            children: [
              {
                path: "responses/:rid",
                Component: function ResponseTitle() {
                  usePageTitle("Response #3: Flooding on your street", 1);
                  return null;
                },
              },
            ],
          },
          {
            path: "callouts/:id",
            handle: resolveRouteMeta({ name: "callout", pageTitle: "pageTitles.callout" }),
            Component: function CalloutTitle() {
              usePageTitle("Flooding on your street");
              return null;
            },
          },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { router, queryClient };
}

const scrollTo = vi.fn();

beforeEach(() => {
  scrollTo.mockClear();
  vi.stubGlobal("scrollTo", scrollTo);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => activateLocale("en"));
});

describe("document title", () => {
  it("is the translated page title and the organisation's name, and follows navigation", async () => {
    const { router } = renderRoutes("/profile");
    expect(document.title).toBe("Home - Harbour Post");
    await act(() => router.navigate("/auth/login"));
    expect(document.title).toBe("Log in - Harbour Post");
    await act(() => router.navigate("/no-title"));
    expect(document.title).toBe("Harbour Post");
  });

  it("is the inner page's own title inside an outer page that names one, and the outer's again after it", async () => {
    const { router } = renderRoutes("/admin/callouts/c1/responses/r3");
    await waitFor(() => expect(document.title).toBe("Response #3: Flooding on your street - Harbour Post"));
    await act(() => router.navigate("/admin/callouts/c1"));
    expect(document.title).toBe("Flooding on your street - Harbour Post");
  });

  it("is the page's own title when it names one, and the route's again after it", async () => {
    const { router } = renderRoutes("/callouts/floods");
    await waitFor(() => expect(document.title).toBe("Flooding on your street - Harbour Post"));
    await act(() => router.navigate("/auth/login"));
    expect(document.title).toBe("Log in - Harbour Post");
  });

  it("follows the language and the organisation's name", async () => {
    const { queryClient } = renderRoutes("/auth/login");
    await act(() => activateLocale("de"));
    expect(document.title).toBe("Anmelden - Harbour Post");
    queryClient.setQueryData(generalContentQueryOptions.queryKey, { ...general, organisationName: "Tide" });
    await waitFor(() => expect(document.title).toBe("Anmelden - Tide"));
  });
});

describe("scrolling on navigation", () => {
  it("does not scroll on the first page", () => {
    renderRoutes("/profile");
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it("scrolls to the top when the route changes", async () => {
    const { router } = renderRoutes("/profile");
    await act(() => router.navigate("/auth/login"));
    expect(scrollTo).toHaveBeenCalledTimes(1);
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0 });
    await act(() => router.navigate("/profile"));
    expect(scrollTo).toHaveBeenCalledTimes(2);
  });

  it("stays put while the route name is unchanged: other parameters, query or hash", async () => {
    const { router } = renderRoutes("/admin/contacts/1");
    await act(() => router.navigate("/admin/contacts/2"));
    await act(() => router.navigate("/admin/contacts/2?tab=notes"));
    await act(() => router.navigate("/admin/contacts/2#history"));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
