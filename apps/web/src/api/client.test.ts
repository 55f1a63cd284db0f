import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { jsonResponse } from "../test/json-response";
import { apiGet, apiSend, apiUrl, setApiEvents } from "./client";
import { ClientError } from "./client-error";
import { fetchMock, stubFetch } from "../test/harness";

describe("api client", () => {
  stubFetch();

  afterEach(() => {
    setApiEvents({});
  });

  it("builds URLs under the API prefix with repeated query values", () => {
    expect(apiUrl("/contact/me", { with: ["roles", "isReviewer"], skip: undefined })).toBe(
      "/api/1.0/contact/me?with=roles&with=isReviewer",
    );
  });

  it("sends cookies, the requested-with header and the version header", async () => {
    fetchMock.mockResolvedValue(jsonResponse(204));
    await apiSend("POST", "/auth/login", { email: "a@example.com" });

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe("/api/1.0/auth/login");
    expect(init?.credentials).toBe("same-origin");
    expect(init?.body).toBe(JSON.stringify({ email: "a@example.com" }));
    expect(headers.get("X-Requested-With")).toBe("XMLHttpRequest");
    expect(headers.get("X-Cohort-Version")).toBe("0.1.0 / dev");
    expect(headers.get("Content-Type")).toBe("application/json");
  });

  it("parses answers with the given schema", async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { required: true, extra: 1 }));
    await expect(apiGet("/setup", z.object({ required: z.boolean() }))).resolves.toEqual({ required: true });
  });

  it("turns an error body into a ClientError", async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(400, {
        httpCode: 400,
        name: "BadRequestError",
        code: "invalid-request",
        message: "Invalid body",
        errors: [{ property: "email", constraints: { format: "Invalid email address" }, children: [] }],
      }),
    );
    const error = await apiSend("POST", "/setup", {}).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ClientError);
    expect(error).toMatchObject({
      name: "bad request",
      httpCode: 400,
      code: "invalid-request",
      message: "Invalid body",
      errors: [{ property: "email" }],
    });
  });

  it("uses defaults when the error has no body", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 409 }));
    const error = await apiSend("POST", "/setup").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: "conflict", message: "Unknown error", code: undefined, errors: [] });
  });

  it("reports a 401 so that the session can be cleared", async () => {
    const onUnauthorized = vi.fn();
    setApiEvents({ onUnauthorized });
    fetchMock.mockResolvedValue(jsonResponse(401, { code: "not-authenticated", message: "Log in" }));
    await expect(apiSend("PATCH", "/contact/me", {})).rejects.toBeInstanceOf(ClientError);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it("reports server failures and still rejects", async () => {
    const onServerError = vi.fn();
    setApiEvents({ onServerError });
    fetchMock.mockResolvedValue(jsonResponse(503, { code: "internal-error", message: "Down" }));
    await expect(apiSend("POST", "/auth/logout")).rejects.toMatchObject({ name: "service unavailable" });
    expect(onServerError).toHaveBeenCalledWith(expect.any(ClientError));
  });
});
