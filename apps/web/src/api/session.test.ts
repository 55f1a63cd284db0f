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

  it("answers nobody without asking the server until the page logs in, then asks", async () => {
    const meta = new DOMParser().parseFromString(NO_SESSION_META, "text/html").querySelector("meta")!;
    document.head.append(meta);
    fetchMock.mockResolvedValue(jsonResponse(401, { code: "not-authenticated" }));
    const { fetchSession, login } = await freshSession();
    expect(await fetchSession()).toBeNull();
    expect(await fetchSession()).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await login({ email: "sam@example.org", password: "a long enough password" });
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { id: "c1", email: "sam@example.org", firstname: "Sam", lastname: "Reed", activeRoles: [] }),
    );
    // The page's first read of who is logged in may come only now, after the login.
    expect(await fetchSession()).toMatchObject({ id: "c1" });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("asks when its first read comes after a login, as on a page whose reads came with it", async () => {
    const meta = new DOMParser().parseFromString(NO_SESSION_META, "text/html").querySelector("meta")!;
    document.head.append(meta);
    const { fetchSession, login } = await freshSession();
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    await login({ email: "sam@example.org", password: "a long enough password" });
    fetchMock.mockResolvedValueOnce(
      jsonResponse(200, { id: "c1", email: "sam@example.org", firstname: "Sam", lastname: "Reed", activeRoles: [] }),
    );
    expect(await fetchSession()).toMatchObject({ id: "c1" });
  });

  it("asks at once on a page the server did not mark", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: "not-authenticated" }));
    const { fetchSession } = await freshSession();
    expect(await fetchSession()).toBeNull();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
