import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { vi } from "vitest";
import { defaultJoinContent, defaultJoinSetupContent } from "@cohort/common/content";
import { generalContent, jsonResponse, requestUrl } from "../../../test/json-response";
import { TestProviders } from "../contacts/components/test-providers";
import { ConfirmationPage } from "./pages/confirmation-page";
import { EmailPage } from "./pages/email-page";
import { IntroPage } from "./pages/intro-page";
import { JoinFormPage } from "./pages/join-form-page";
import { MembershipBuilderPage } from "./pages/membership-builder-page";

export const fetchMock = vi.fn<typeof fetch>();

export const joinContent = { ...defaultJoinContent, stripePublicKey: "", stripeCountry: "eu" };

type Handler = (url: string, init: RequestInit | undefined) => Response | undefined;

/** Answers the builder's reads with the defaults; `handle` answers first when it returns a response. */
export function mockApi(handle: Handler = () => undefined) {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    const answer = handle(url, init);
    if (answer) return Promise.resolve(answer);
    if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
    if (url.includes("/content/join/setup")) return Promise.resolve(jsonResponse(200, defaultJoinSetupContent));
    if (url.includes("/content/join")) return Promise.resolve(jsonResponse(200, joinContent));
    return Promise.resolve(jsonResponse(404, { httpCode: 404, name: "NotFoundError", code: "not-found", message: "" }));
  });
}

/** The JSON object a request sent. */
export function bodyOf(init: RequestInit | undefined): Record<string, unknown> {
  return JSON.parse(typeof init?.body === "string" ? init.body : "{}") as Record<string, unknown>;
}

/** The JSON bodies sent with this method to a path ending so. */
export function sentBodies(method: string, pathEnd: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === method && requestUrl(input).split("?")[0]!.endsWith(pathEnd))
    .map(([, init]) => JSON.parse(typeof init?.body === "string" ? init.body : "null") as unknown);
}

/** The builder with its four tabs, opened at one of them. */
export function renderBuilder(path = "/admin/membership-builder") {
  const router = createMemoryRouter(
    [
      {
        path: "/admin/membership-builder",
        Component: MembershipBuilderPage,
        children: [
          { index: true, Component: JoinFormPage },
          { path: "intro", Component: IntroPage },
          { path: "email", Component: EmailPage },
          { path: "confirmation", Component: ConfirmationPage },
        ],
      },
      { path: "/admin/emails/templates/:id", Component: () => <p>Template editor</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}
