import { beforeEach, describe, expect, it, vi } from "vitest";

const sentry = vi.hoisted(() => ({ init: vi.fn(), captureException: vi.fn() }));
vi.mock("@sentry/browser", () => sentry);

const DSN = "https://public@errors.example.org/7";

/** The module as built with this DSN (empty: none). */
async function reportingWith(dsn: string) {
  vi.doMock("../../config", () => ({
    ERROR_REPORTING_DSN: dsn,
    appConfig: { version: "0.1.0", revision: "abc123" },
  }));
  return import("./index");
}

beforeEach(() => {
  vi.resetModules();
  sentry.init.mockClear();
  sentry.captureException.mockClear();
});

describe("error reporting in the browser", () => {
  it("loads nothing and reports nothing without a DSN", async () => {
    const { installErrorReporting, reportError } = await reportingWith("");
    installErrorReporting();
    reportError(new Error("boom"));
    await vi.dynamicImportSettled();
    expect(sentry.init).not.toHaveBeenCalled();
    expect(sentry.captureException).not.toHaveBeenCalled();
  });

  it("sets the SDK up once with 20 breadcrumbs and reports caught errors", async () => {
    const { installErrorReporting, reportError } = await reportingWith(DSN);
    installErrorReporting();
    const error = new Error("render failed");
    reportError(error);
    await vi.waitFor(() => expect(sentry.captureException).toHaveBeenCalledWith(error));
    expect(sentry.init).toHaveBeenCalledTimes(1);
    expect(sentry.init.mock.calls[0]![0]).toMatchObject({ dsn: DSN, maxBreadcrumbs: 20, release: "0.1.0+abc123" });
  });

  it("scrubs every report and breadcrumb before it leaves", async () => {
    const { installErrorReporting } = await reportingWith(DSN);
    installErrorReporting();
    await vi.waitFor(() => expect(sentry.init).toHaveBeenCalled());
    const options = sentry.init.mock.calls[0]![0] as {
      beforeSend: (event: object) => object;
      beforeBreadcrumb: (breadcrumb: object) => object;
    };
    const event = options.beforeSend({
      message: "Could not save ada@example.org",
      request: { url: "https://news.example.org/auth/set-password?token=abc123", cookies: { s: "x" } },
      user: { id: "c-1", email: "ada@example.org" },
      breadcrumbs: Array.from({ length: 25 }, (_, index) => ({ message: `step ${index}` })),
    });
    const text = JSON.stringify(event);
    expect(text).not.toContain("ada@example.org");
    expect(text).not.toContain("abc123");
    expect(text).not.toContain("cookies");
    expect((event as { breadcrumbs: unknown[] }).breadcrumbs).toHaveLength(20);
    expect(JSON.stringify(options.beforeBreadcrumb({ category: "ui.input", message: "typed bea@example.org" }))).toBe(
      '{"category":"ui.input","message":"typed [email]"}',
    );
  });
});
