import { NO_SESSION_META } from "@cohort/common/http";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchMock, stubFetch } from "../test/harness";
import { jsonResponse } from "../test/json-response";

/** The session module afresh, as a page that has just opened loads it. */
async function freshSession() {
  vi.resetModules();
  return import("./session");
}

describe("the session read of a page opened without a session", () => {
  stubFetch();
  afterEach(() => document.head.querySelector('meta[name="cohort-session"]')?.remove());

  it("answers nobody without asking the server, then asks as usual (after a login)", async () => {
    const meta = new DOMParser().parseFromString(NO_SESSION_META, "text/html").querySelector("meta")!;
    document.head.append(meta);
    fetchMock.mockResolvedValue(jsonResponse(401, { code: "not-authenticated" }));
    const { fetchSession } = await freshSession();
    expect(await fetchSession()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    await fetchSession();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("asks at once on a page the server did not mark", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: "not-authenticated" }));
    const { fetchSession } = await freshSession();
    expect(await fetchSession()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
