import { describe, expect, it } from "vitest";
import { clientErrorName, errorNameForStatus } from "./index.js";

describe("error names", () => {
  it("derive the client name from the status as the spec lists it", () => {
    const expected: Record<number, string> = {
      400: "bad request",
      401: "unauthorized",
      403: "forbidden",
      404: "not found",
      409: "conflict",
      422: "validation",
      429: "too many requests",
      500: "internal server error",
      502: "bad gateway",
      503: "service unavailable",
      504: "gateway timeout",
      507: "server error",
      418: "client error",
    };
    for (const [status, name] of Object.entries(expected)) expect(clientErrorName(Number(status))).toBe(name);
  });

  it("name server errors compatibly with the reference API", () => {
    expect(errorNameForStatus(401)).toBe("UnauthorizedError");
    expect(errorNameForStatus(503)).toBe("InternalServerError");
  });
});
