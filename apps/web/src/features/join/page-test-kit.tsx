import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import type { RouteObject } from "react-router";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import type { JoinContent } from "@cohort/common/content";
import { defaultJoinContent, defaultJoinSetupContent } from "@cohort/common/content";
import { i18n } from "../../app/i18n/i18n";
import { contact, generalContent, jsonResponse, requestUrl } from "../../test/json-response";

/** Shared set-up of the page tests of joining, contributions and resets. */
export const fetchMock = vi.fn<typeof fetch>();

type Handler = (url: string, method: string) => Response | undefined;

/** The join form's settings of a new install without Stripe. */
export const joinContent: JoinContent = { ...defaultJoinContent, stripePublicKey: "", stripeCountry: "eu" };

/** Answers fetch calls with the handler, falling back to the site and join settings and the session. */
export function answerWith(handler: Handler = () => undefined): void {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    const method = init?.method ?? "GET";
    const answer = handler(url, method);
    if (answer) return Promise.resolve(answer);
    const path = url.split("?")[0] ?? "";
    if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
    if (path.endsWith("/content/join")) return Promise.resolve(jsonResponse(200, joinContent));
    if (path.endsWith("/content/join/setup")) return Promise.resolve(jsonResponse(200, defaultJoinSetupContent));
    if (url.includes("/contact/me") && method === "GET") return Promise.resolve(jsonResponse(200, contact()));
    return Promise.resolve(jsonResponse(404, { code: "not-found", message: "Not found" }));
  });
}

/** The JSON bodies sent to a path ending with `suffix`, with their method. */
export function sentTo(suffix: string): { method: string; body: unknown }[] {
  return fetchMock.mock.calls
    .filter(([input]) => requestUrl(input).split("?")[0]?.endsWith(suffix))
    .map(([, init]) => ({
      method: init?.method ?? "GET",
      body: typeof init?.body === "string" ? (JSON.parse(init.body) as unknown) : undefined,
    }));
}

export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nextProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}
