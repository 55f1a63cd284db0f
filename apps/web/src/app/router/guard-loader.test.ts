import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contact, generalContent, jsonResponse, requestUrl } from "../../test/json-response";
import { loaderArgs } from "../../test/loader-args";
import type { GuardContext } from "./guard-loader";
import { createGuardLoader, FrameBlockedError } from "./guard-loader";
import type { PageLoader } from "./route-def";
import { resolveRouteMeta } from "./route-meta";

// Loading the member area's real navigation costs seconds of transforms; the guard only has to wait for it.
const { prepareLayout } = vi.hoisted(() => ({ prepareLayout: vi.fn(() => Promise.resolve()) }));
vi.mock("../layouts/resolve-layout", () => ({ prepareLayout }));

function answer(me: unknown) {
  return vi.fn((input: RequestInfo | URL) => {
    const url = requestUrl(input);
    if (url.includes("/contact/me")) {
      return Promise.resolve(me ? jsonResponse(200, me) : jsonResponse(401, { code: "not-authenticated" }));
    }
    if (url.includes("/content/general")) return Promise.resolve(jsonResponse(200, generalContent));
    return Promise.resolve(jsonResponse(404, {}));
  });
}

function setup(overrides: Partial<GuardContext> = {}) {
  const context: GuardContext = {
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    isReviewerMode: false,
    isInFrame: () => false,
    prepareLocale: vi.fn(() => Promise.resolve()),
    onCancel: vi.fn(),
    currentLocation: () => null,
    ...overrides,
  };
  return context;
}

function location(response: unknown) {
  expect(response).toBeInstanceOf(Response);
  return (response as Response).headers.get("Location");
}

describe("createGuardLoader", () => {
  beforeEach(() => {
    vi.stubGlobal("fetch", answer(contact()));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("waits for the session and the settings, then runs the page loader", async () => {
    const context = setup();
    const pageLoader = vi.fn<PageLoader>(() => "page data");
    const loader = createGuardLoader(resolveRouteMeta({ name: "profile" }), context, pageLoader);

    await expect(loader(loaderArgs("/profile?lang=de"))).resolves.toBe("page data");

    expect(context.queryClient.getQueryData(["session", "me"])).toMatchObject({ firstname: "Sam" });
    expect(context.queryClient.getQueryData(["content", "general"])).toMatchObject({ currencyCode: "EUR" });
    expect(context.prepareLocale).toHaveBeenCalledWith(new URL("http://localhost/profile?lang=de"), generalContent);
    expect(pageLoader.mock.calls[0]?.[1].user).toMatchObject({ firstname: "Sam" });
    expect(prepareLayout).toHaveBeenCalledWith("dashboard");
  });

  it("does not decide before the session has loaded", async () => {
    let releaseSession: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL) =>
        requestUrl(input).includes("/contact/me")
          ? new Promise<Response>((resolve) => (releaseSession = resolve))
          : Promise.resolve(jsonResponse(200, generalContent)),
      ),
    );
    const pageLoader = vi.fn(() => null);
    const pending = createGuardLoader(
      resolveRouteMeta({ name: "profile" }),
      setup(),
      pageLoader,
    )(loaderArgs("/profile"));
    // The guard is waiting on the session: nothing is decided while it does.
    const askedForSession = () =>
      vi.mocked(fetch).mock.calls.some(([input]) => requestUrl(input).includes("/contact/me"));
    await vi.waitFor(() => expect(askedForSession()).toBe(true));
    expect(pageLoader).not.toHaveBeenCalled();

    releaseSession(jsonResponse(200, contact()));
    await pending;
    expect(pageLoader).toHaveBeenCalledOnce();
  });

  it("treats a failed session load as logged out and redirects to the login page", async () => {
    vi.stubGlobal("fetch", answer(null));
    const loader = createGuardLoader(resolveRouteMeta({ name: "profile" }), setup());
    expect(location(await loader(loaderArgs("/profile")))).toBe("/auth/login?next=%2Fprofile");
  });

  it("stays on the current page when an admin page is refused", async () => {
    const context = setup({ currentLocation: () => "/profile" });
    const loader = createGuardLoader(resolveRouteMeta({ name: "adminDashboard", admin: true }), context);

    const response = await loader(loaderArgs("/admin"));

    expect(location(response)).toBe("/profile");
    expect((response as Response).headers.get("X-Remix-Replace")).toBe("true");
    expect(context.onCancel).toHaveBeenCalledWith("unauthorized");
  });

  it("goes home when a refused page is the first one opened", async () => {
    const loader = createGuardLoader(resolveRouteMeta({ name: "adminDashboard", admin: true }), setup());
    expect(location(await loader(loaderArgs("/admin")))).toBe("/");
  });

  it("shows the frame message instead of a page that may not be embedded", async () => {
    const loader = createGuardLoader(resolveRouteMeta({ name: "profile" }), setup({ isInFrame: () => true }));
    await expect(loader(loaderArgs("/profile"))).rejects.toBeInstanceOf(FrameBlockedError);
  });

  it("cancels no-reviewer-mode pages in reviewer mode", async () => {
    const context = setup({ isReviewerMode: true, currentLocation: () => "/profile" });
    const loader = createGuardLoader(resolveRouteMeta({ name: "join", noLogin: true, noReviewerMode: true }), context);
    expect(location(await loader(loaderArgs("/join")))).toBe("/profile");
    expect(context.onCancel).toHaveBeenCalledWith("reviewer-mode");
  });
});
