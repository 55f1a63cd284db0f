import type { ReactNode } from "react";
import { useState } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import type { RouteObject } from "react-router";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, vi } from "vitest";
import { i18n } from "../app/i18n/i18n";

/** Query client and messages, as the app provides them; a failed read fails at once instead of retrying. */
export function TestProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
}

/** Renders a component inside the providers, without a router. */
export function renderWithProviders(ui: ReactNode) {
  return render(<TestProviders>{ui}</TestProviders>);
}

/** Renders the routes in a memory router opened at `path`, inside the providers; returns the router. */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

/** The stand-in for the browser's fetch; `stubFetch()` puts it in place for each test of a file. */
export const fetchMock = vi.fn<typeof fetch>();

/** Makes `fetchMock` the global fetch before each test, and forgets its answers and calls after it. */
export function stubFetch(): void {
  beforeEach(() => {
    vi.stubGlobal("fetch", fetchMock);
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
}

/**
 * The names of the files a component saves through a link's `download`, for each test of a
 * file: object URLs are stubbed and the link's click is caught, not followed.
 */
export function captureSavedFiles(): string[] {
  const saved: string[] = [];
  beforeEach(() => {
    vi.spyOn(URL, "createObjectURL").mockReturnValue("blob:saved");
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    saved.length = 0;
  });
  return saved;
}
