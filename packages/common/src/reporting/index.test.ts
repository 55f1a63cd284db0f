import { describe, expect, it } from "vitest";
import { MAX_BREADCRUMBS, REMOVED, scrubEvent, scrubText } from "./index.js";

const TOKEN = "f3a9c2b7d1e84f6a9b0c5d2e7f1a3b4c5d6e7f8a9b0c1d2e";
const EVENT_ID = "0123456789abcdef0123456789abcdef";

describe("error report scrubbing", () => {
  it("takes emails, credentials, long tokens and secret query parameters out of texts", () => {
    expect(scrubText("No contact ada.lovelace+news@example.org found")).toBe("No contact [email] found");
    expect(scrubText(`Authorization: Bearer ${TOKEN}`)).toBe(`Authorization: Bearer ${REMOVED}`);
    expect(scrubText(`reset ${TOKEN} failed`)).toBe(`reset ${REMOVED} failed`);
    expect(scrubText("/auth/set-password?token=abc&next=/profile")).toBe(
      `/auth/set-password?token=${REMOVED}&next=/profile`,
    );
    expect(scrubText("/join?email=a%40b.org&resetCode=123&lang=de")).toBe(
      `/join?email=${REMOVED}&resetCode=${REMOVED}&lang=de`,
    );
    // An outgoing request's query, as the SDK records it beside the address, and addresses in URLs.
    expect(scrubText("email=joiner.1%40example.org&limit=1")).toBe(`email=${REMOVED}&limit=1`);
    expect(scrubText("https://api.example.com/v1/search?q=ada%40example.org")).toBe(
      "https://api.example.com/v1/search?q=[email]",
    );
    // Ids are no personal data and help to find the record.
    expect(scrubText("callout 8d1f6a4e-3b2c-4d5e-9f60-718293a4b5c6 missing")).toBe(
      "callout 8d1f6a4e-3b2c-4d5e-9f60-718293a4b5c6 missing",
    );
  });

  it("removes the request's body, cookies and credentials and keeps the rest", () => {
    const event = scrubEvent({
      event_id: EVENT_ID,
      message: "Failed for ada@example.org",
      request: {
        method: "POST",
        url: `https://news.example.org/api/1.0/callout/x/responses?captchaToken=${TOKEN}&lang=de`,
        query_string: `captchaToken=${TOKEN}&lang=de`,
        data: { answers: { slide1: { name: "Ada" } }, guestEmail: "ada@example.org" },
        cookies: { cohort_session: TOKEN },
        headers: {
          cookie: `cohort_session=${TOKEN}`,
          authorization: "Bearer x",
          "user-agent": "Firefox",
          "x-forwarded-for": "203.0.113.9, 10.0.0.2",
          "x-real-ip": "203.0.113.9",
          forwarded: "for=203.0.113.9",
        },
      },
      user: { id: "c-1", email: "ada@example.org", ip_address: "203.0.113.9", username: "ada" },
      extra: { answers: { colour: "blue" }, password: "hunter2", body: "{}", count: 3 },
      contexts: { trace: { trace_id: EVENT_ID, span_id: "0123456789abcdef" } },
    });
    expect(event).toEqual({
      event_id: EVENT_ID,
      message: "Failed for [email]",
      request: {
        method: "POST",
        url: `https://news.example.org/api/1.0/callout/x/responses?captchaToken=${REMOVED}&lang=de`,
        query_string: `captchaToken=${REMOVED}&lang=de`,
        headers: { "user-agent": "Firefox" },
      },
      user: { id: "c-1" },
      extra: { answers: REMOVED, password: REMOVED, body: REMOVED, count: 3 },
      contexts: { trace: { trace_id: EVENT_ID, span_id: "0123456789abcdef" } },
    });
  });

  it("keeps the last breadcrumbs only, scrubbed", () => {
    const breadcrumbs = Array.from({ length: 30 }, (_, index) => ({
      category: "fetch",
      message: `step ${index} by bea@example.org`,
      data: { url: `/api/1.0/contact/me?token=${TOKEN}`, status_code: 200 },
    }));
    const event = scrubEvent({ breadcrumbs });
    expect(event.breadcrumbs).toHaveLength(MAX_BREADCRUMBS);
    expect(event.breadcrumbs[0]).toEqual({
      category: "fetch",
      message: "step 10 by [email]",
      data: { url: `/api/1.0/contact/me?token=${REMOVED}`, status_code: 200 },
    });
  });

  it("leaves no email, token or answer anywhere in a deep report", () => {
    const event = scrubEvent({
      exception: {
        values: [{ type: "Error", value: `Duplicate email ada@example.org (${TOKEN})`, stacktrace: { frames: [] } }],
      },
      extra: { nested: [{ deeper: { email: "x@example.org", note: "call ada@example.org" } }] },
    });
    const text = JSON.stringify(event);
    expect(text).not.toContain("example.org");
    expect(text).not.toContain(TOKEN);
  });
});
