import { defaultJoinSetupContent } from "@cohort/common/content";
import { fetchMock, renderRoutes } from "./harness";
import { generalContent, jsonResponse, requestUrl } from "./json-response";
import { joinContent } from "./member-api";
import { ConfirmationPage } from "../features/admin/membership-builder/pages/confirmation-page";
import { EmailPage } from "../features/admin/membership-builder/pages/email-page";
import { IntroPage } from "../features/admin/membership-builder/pages/intro-page";
import { JoinFormPage } from "../features/admin/membership-builder/pages/join-form-page";
import { MembershipBuilderPage } from "../features/admin/membership-builder/pages/membership-builder-page";

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
  return renderRoutes(
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
    path,
  );
}
