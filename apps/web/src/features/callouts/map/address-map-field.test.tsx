import { screen, waitFor } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../app/i18n/i18n";
import { jsonResponse, mapConfigResponse, requestUrl } from "../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../test/harness";
import { AddressMapField } from "./address-map-field";

/** The organisation's basemap as the server reports it; the callout has no map of its own. */
function serve(basemap: string | null) {
  fetchMock.mockImplementation(async (input) => {
    const url = requestUrl(input);
    if (url.startsWith("/api/1.0/map/config")) return mapConfigResponse(basemap);
    return jsonResponse(404, { code: "not-found" });
  });
}

function renderField() {
  renderRoutes(
    [{ path: "/callouts/:id/respond", element: <AddressMapField value={undefined} onChange={() => undefined} /> }],
    "/callouts/potholes/respond",
  );
}

const askedForConfig = () =>
  fetchMock.mock.calls.some(([input]) => requestUrl(input).startsWith("/api/1.0/map/config"));

describe("the address field's map", () => {
  beforeAll(async () => {
    await activateLocale("en", true);
  });
  stubFetch();

  it("is offered when the organisation has a basemap", async () => {
    serve("/basemap/style.json");
    renderField();
    expect(await screen.findByRole("button", { name: "Choose on the map" })).toBeInTheDocument();
  });

  it("is not offered when there is no map to pick on: the address is typed", async () => {
    serve(null);
    renderField();
    await waitFor(() => expect(askedForConfig()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("button", { name: "Choose on the map" })).not.toBeInTheDocument();
  });
});
