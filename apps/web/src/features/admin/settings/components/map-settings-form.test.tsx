import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { MapSettings } from "@cohort/common/geocoding";
import { activateLocale } from "../../../../app/i18n/i18n";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { MapSettingsPage } from "../pages/settings-tabs";

const saved: MapSettings = {
  basemap: "openfreemap",
  maptilerKeySet: true,
  stadiaKeySet: false,
  pmtilesSize: null,
  pmtilesFile: null,
  uploadMaxBytes: 2 * 1024 ** 3,
  geocoder: "photon-public",
  photonUrl: "",
  center: [13.4, 52.5],
  zoom: 11,
  basemapAvailable: true,
  hosts: ["https://tiles.openfreemap.org"],
};

function patches(): Record<string, unknown>[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === "PATCH")
    .map(([, init]) => JSON.parse(typeof init?.body === "string" ? init.body : "{}") as Record<string, unknown>);
}

stubFetch();
beforeAll(async () => {
  await activateLocale("en", true);
});
beforeEach(() => {
  fetchMock.mockImplementation((input, init) => {
    const url = requestUrl(input);
    if (url.startsWith("/api/1.0/map/settings")) {
      const body =
        init?.method === "PATCH" && typeof init.body === "string"
          ? (JSON.parse(init.body) as Partial<MapSettings>)
          : {};
      return Promise.resolve(jsonResponse(200, { ...saved, ...body, maptilerKeySet: true }));
    }
    // The preview (and MapLibre) wait for the public map settings: they never come here.
    if (url.startsWith("/api/1.0/map/config")) return new Promise<Response>(() => undefined);
    return Promise.resolve(jsonResponse(404, { code: "not-found" }));
  });
});

describe("Settings → Maps", () => {
  it("says what each choice sends to whom, and asks for a key only for a provider that needs one", async () => {
    renderRoutes([{ path: "/", Component: MapSettingsPage }], "/");
    expect(await screen.findByRole("radio", { name: /OpenFreeMap/ })).toBeChecked();
    expect(screen.getByText(/tiles\.openfreemap\.org, which sees their IP address/)).toBeInTheDocument();
    expect(screen.queryByLabelText("MapTiler key")).not.toBeInTheDocument();
    await userEvent.click(screen.getAllByRole("radio", { name: /MapTiler/ })[0]!);
    const key = screen.getByLabelText("MapTiler key");
    // A saved key is never shown: the field starts empty and says one is saved.
    expect(key).toHaveValue("");
    expect(screen.getByText(/A key is saved/)).toBeInTheDocument();
  });

  it("sends a key only when one is typed", async () => {
    renderRoutes([{ path: "/", Component: MapSettingsPage }], "/");
    await userEvent.click((await screen.findAllByRole("radio", { name: /MapTiler/ }))[0]!);
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ basemap: "maptiler", center: [13.4, 52.5], zoom: 11 });
    expect(patches()[0]).not.toHaveProperty("maptilerKey");

    await userEvent.type(screen.getByLabelText("MapTiler key"), "new-key_1");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(patches()).toHaveLength(2));
    expect(patches()[1]).toMatchObject({ maptilerKey: "new-key_1" });
  });

  it("removes a saved key with its own button, and says why when a choice still uses it", async () => {
    renderRoutes([{ path: "/", Component: MapSettingsPage }], "/");
    const remove = await screen.findByRole("button", { name: "Remove the MapTiler key" });
    fetchMock.mockImplementationOnce(() =>
      Promise.resolve(
        jsonResponse(400, {
          code: "invalid-request",
          message: "Validation failed",
          httpCode: 400,
          errors: [
            {
              property: "maptilerKey",
              constraints: { mapSettings: "in use" },
              children: [],
              key: "adminValidation.mapKeyInUse",
            },
          ],
        }),
      ),
    );
    await userEvent.click(remove);
    expect(await screen.findByRole("alert")).toHaveTextContent(/in use by the basemap or the address search/);
    expect(patches()).toEqual([{ maptilerKey: "" }]);
  });
});
