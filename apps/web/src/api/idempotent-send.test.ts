import { describe, expect, it } from "vitest";
import { jsonResponse } from "../test/json-response";
import { ClientError } from "./client-error";
import { newIdempotencyKey, sendOnce } from "./idempotent-send";
import { fetchMock, stubFetch } from "../test/harness";

const keysSent = () => fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get("Idempotency-Key"));

describe("sendOnce", () => {
  stubFetch();

  it("sends the key and, after a lost connection or a gateway error, the same key again", async () => {
    fetchMock
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(jsonResponse(503, { code: "internal-error" }))
      .mockResolvedValueOnce(jsonResponse(200, { id: "r1" }));
    await expect(sendOnce("POST", "/callout/x/responses", { answers: {} }, "key-1", {}, [0, 0])).resolves.toEqual({
      id: "r1",
    });
    expect(keysSent()).toEqual(["key-1", "key-1", "key-1"]);
  });

  it("does not retry a refusal, and gives up after the last retry", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { code: "invalid-request" }));
    await expect(sendOnce("POST", "/signup", {}, "key-2", {}, [0, 0])).rejects.toBeInstanceOf(ClientError);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fetchMock.mockReset();
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(sendOnce("POST", "/signup", {}, "key-3", {}, [0])).rejects.toBeInstanceOf(TypeError);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("makes a new key each time", () => {
    expect(newIdempotencyKey()).not.toBe(newIdempotencyKey());
  });
});
