import { screen } from "@testing-library/react";
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

  it("is offered without a basemap too: the picker draws the built-in world, and a click gives the point", async () => {
    serve(null);
    renderField();
    expect(await screen.findByRole("button", { name: "Choose on the map" })).toBeInTheDocument();
  });
});
