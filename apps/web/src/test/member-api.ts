import type { JoinContent } from "@cohort/common/content";
import { defaultJoinContent, defaultJoinSetupContent } from "@cohort/common/content";
import { fetchMock } from "./harness";
import { contact, generalContent, jsonResponse, requestUrl } from "./json-response";

/** Answers for the page tests of joining, contributions, the account and resets. */
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
    if (path.endsWith("/contact/me/payment")) {
      return Promise.resolve(jsonResponse(200, { items: [], total: 0, offset: 0, count: 0 }));
    }
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
