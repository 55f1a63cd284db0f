import { screen } from "@testing-library/react";
import { FormProvider, useForm } from "react-hook-form";
import { beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../../../app/i18n/i18n";
import { jsonResponse, requestUrl } from "../../../../test/json-response";
import { fetchMock, renderRoutes, stubFetch } from "../../../../test/harness";
import { editorValuesFrom } from "./editor-conversion";
import type { CalloutEditorValues } from "./editor-values";
import { MapSettingsFields } from "./map-settings-fields";

/** The map settings of a callout whose map was just switched on, with the organisation's maps as given. */
function renderFields(basemap: string | null) {
  fetchMock.mockImplementation(async (input) =>
    requestUrl(input).startsWith("/api/1.0/map/config")
      ? jsonResponse(200, {
          geocoding: { available: true },
          basemap: { available: basemap !== null, styleUrl: basemap },
          view: { center: [13.4, 52.52], zoom: 11 },
        })
      : jsonResponse(404, { code: "not-found" }),
  );
  function Fields() {
    const values = editorValuesFrom(null, { slideTitle: "Slide 1", thanksTitle: "Thanks" }, "slide1");
    const form = useForm<CalloutEditorValues>({ defaultValues: { ...values, showResponses: true, hasMap: true } });
    return (
      <FormProvider {...form}>
        <MapSettingsFields />
      </FormProvider>
    );
  }
  renderRoutes([{ path: "/", Component: Fields }], "/");
}

describe("a callout's map settings", () => {
  stubFetch();
  beforeAll(async () => {
    await activateLocale("en", true);
  });

  it("start where the organisation's maps start", async () => {
    renderFields("https://tiles.openfreemap.org/styles/liberty");
    expect(await screen.findByDisplayValue("13.4, 52.52")).toBeInTheDocument();
    expect(screen.getByLabelText("Zoom at the start")).toHaveValue(11);
    expect(screen.queryByText("No basemap yet")).not.toBeInTheDocument();
  });

  it("say why the map cannot go on without a basemap, and lead to Settings → Maps", async () => {
    renderFields(null);
    expect(await screen.findByText("No basemap yet")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Choose a basemap in Settings → Maps" })).toHaveAttribute(
      "href",
      "/admin/settings/maps",
    );
  });
});
