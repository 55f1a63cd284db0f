import { API_PREFIX, everyPageReads, pageReads, readAddress } from "@cohort/common/http";
import { describe, expect, it } from "vitest";
import { jsonResponse } from "../test/json-response";
import { fetchMock, stubFetch } from "../test/harness";
import { fetchPublicCallout } from "./callouts";
import { fetchGeneralContent } from "./content";
import { joinContentQueryOptions } from "./join-content";
import { fetchSession } from "./session";

/**
 * The server names these addresses in the page's head for the browser to fetch
 * early (decision 045); the browser hands the answer to the app only when the
 * app asks for exactly the same address, so each read is checked against the
 * request the app really sends.
 */
describe("the reads a page makes as it opens", () => {
  stubFetch();

  const requested = () => fetchMock.mock.calls.at(-1)?.[0] as string;

  it("asks for the session and the settings at the addresses the server names", async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { code: "unauthorized" }));
    await fetchSession();
    await fetchGeneralContent();
    const addresses = fetchMock.mock.calls.map(([url]) => url as string);
    expect(addresses).toEqual(everyPageReads.map((read) => API_PREFIX + readAddress(read)));
  });

  it("asks for a public callout at the address the server names for its pages", async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { code: "not-found" }));
    await expect(fetchPublicCallout("town.hall (2)", "en")).rejects.toThrow();
    expect(requested()).toBe(API_PREFIX + readAddress(pageReads.publicCallout({ id: "town.hall (2)" })));
  });

  it("asks for the join page's texts at the address the server names for it", async () => {
    fetchMock.mockResolvedValue(jsonResponse(404, { code: "not-found" }));
    await expect(joinContentQueryOptions.queryFn!({} as never)).rejects.toThrow();
    expect(requested()).toBe(API_PREFIX + readAddress(pageReads.joinContent()));
  });
});
