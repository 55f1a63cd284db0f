import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { CalloutMap } from "@cohort/common/callouts";
import { riverCallout } from "../../../test/callouts";
import { fetchMock, renderRoutes, stubFetch } from "../../../test/harness";
import { jsonResponse, mapConfigResponse, requestUrl } from "../../../test/json-response";
import { useMapStyleUrl } from "./use-map-style-url";

const riverMap: CalloutMap = {
  style: "/styles/river.json",
  center: [13.4, 52.5],
  bounds: [
    [13, 52],
    [14, 53],
  ],
  minZoom: 3,
  maxZoom: 18,
  initialZoom: 11,
  addressProp: "walk.where",
  addressPattern: "",
  addressPatternProp: "",
};

function serve(map: CalloutMap | null, basemap: string | null) {
  fetchMock.mockImplementation(async (input) => {
    const url = requestUrl(input);
    if (url.startsWith("/api/1.0/map/config")) return mapConfigResponse(basemap);
    if (url.startsWith("/api/1.0/callout/river-walk?")) {
      const views = { buckets: [], titleProp: "", imageProp: "", imageFilter: "", links: [], gallery: false, map };
      return jsonResponse(200, riverCallout({ responseViewSchema: views }));
    }
    return jsonResponse(404, { code: "not-found" });
  });
}

function StyleOf({ enabled }: { enabled?: boolean }) {
  const { styleUrl, isPending } = useMapStyleUrl({ enabled });
  return <p>{isPending ? "reading" : `style: ${styleUrl ?? "none"}`}</p>;
}

function renderAt(path: string, enabled?: boolean) {
  renderRoutes(
    [
      { path: "/callouts/:id/respond", element: <StyleOf enabled={enabled} /> },
      { path: "*", element: <StyleOf enabled={enabled} /> },
    ],
    path,
  );
}

describe("a callout's map style", () => {
  stubFetch();

  it("is the callout's own, before the organisation's basemap", async () => {
    serve(riverMap, "/basemap/style.json");
    renderAt("/callouts/river-walk/respond");
    expect(await screen.findByText("style: /styles/river.json")).toBeInTheDocument();
  });

  it("is the organisation's basemap for a callout without a map of its own", async () => {
    serve(null, "/basemap/style.json");
    renderAt("/callouts/river-walk/respond");
    expect(await screen.findByText("style: /basemap/style.json")).toBeInTheDocument();
  });

  it("is the basemap outside a callout's pages", async () => {
    serve(riverMap, "/basemap/style.json");
    renderAt("/join");
    expect(await screen.findByText("style: /basemap/style.json")).toBeInTheDocument();
  });

  it("is none when there is neither", async () => {
    serve(null, null);
    renderAt("/callouts/river-walk/respond");
    expect(await screen.findByText("style: none")).toBeInTheDocument();
  });

  it("reads nothing when not asked", async () => {
    serve(riverMap, "/basemap/style.json");
    renderAt("/callouts/river-walk/respond", false);
    expect(screen.getByText("style: none")).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
