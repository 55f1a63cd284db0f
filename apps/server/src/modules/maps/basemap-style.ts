/** Colours of the self-hosted basemap: quiet, so that the responses on top stand out. */
const COLOURS = {
  background: "#e9e5dc",
  earth: "#f4f1ea",
  park: "#d8e8c8",
  urban: "#ebe6dd",
  water: "#a9cfe5",
  building: "#ddd6ca",
  boundary: "#9c93a8",
  highway: "#f3c97b",
  major: "#ffffff",
  minor: "#ffffff",
  path: "#d3cabb",
  casing: "#d5cdbf",
} as const;

const widthByZoom = (at6: number, at12: number, at18: number) => [
  "interpolate",
  ["exponential", 1.6],
  ["zoom"],
  6,
  at6,
  12,
  at12,
  18,
  at18,
];

const roadLayer = (id: string, kinds: string[], colour: string, width: unknown[], minzoom = 0) => ({
  id,
  type: "line",
  source: "basemap",
  "source-layer": "roads",
  minzoom,
  filter: ["in", ["get", "kind"], ["literal", kinds]],
  layout: { "line-cap": "round", "line-join": "round" },
  paint: { "line-color": colour, "line-width": width },
});

/**
 * A MapLibre style for a PMTiles file in the Protomaps basemap layout
 * (layers `earth`, `landuse`, `water`, `roads`, `buildings`, `boundaries`).
 * It draws no text, so it needs no glyphs or sprites: nothing but the one
 * PMTiles file is fetched, and all from Cohort (decision 034).
 */
export function basemapStyle(tilesUrl: string): Record<string, unknown> {
  return {
    version: 8,
    name: "Basemap",
    sources: {
      basemap: {
        type: "vector",
        url: `pmtiles://${tilesUrl}`,
        attribution: '<a href="https://openstreetmap.org/copyright">© OpenStreetMap</a>',
      },
    },
    layers: [
      { id: "background", type: "background", paint: { "background-color": COLOURS.background } },
      { id: "earth", type: "fill", source: "basemap", "source-layer": "earth", paint: { "fill-color": COLOURS.earth } },
      {
        id: "landuse-park",
        type: "fill",
        source: "basemap",
        "source-layer": "landuse",
        filter: ["in", ["get", "kind"], ["literal", ["park", "forest", "wood", "nature_reserve", "grass", "garden"]]],
        paint: { "fill-color": COLOURS.park },
      },
      {
        id: "landuse-urban",
        type: "fill",
        source: "basemap",
        "source-layer": "landuse",
        filter: ["in", ["get", "kind"], ["literal", ["residential", "commercial", "industrial", "school", "hospital"]]],
        paint: { "fill-color": COLOURS.urban },
      },
      { id: "water", type: "fill", source: "basemap", "source-layer": "water", paint: { "fill-color": COLOURS.water } },
      {
        id: "buildings",
        type: "fill",
        source: "basemap",
        "source-layer": "buildings",
        minzoom: 14,
        paint: { "fill-color": COLOURS.building, "fill-opacity": 0.8 },
      },
      roadLayer("roads-path", ["path"], COLOURS.path, widthByZoom(0.2, 0.5, 3), 13),
      roadLayer("roads-minor-casing", ["minor_road"], COLOURS.casing, widthByZoom(0.5, 1.5, 14), 11),
      roadLayer("roads-minor", ["minor_road"], COLOURS.minor, widthByZoom(0.3, 1, 12), 11),
      roadLayer("roads-major-casing", ["major_road"], COLOURS.casing, widthByZoom(1, 3, 20)),
      roadLayer("roads-major", ["major_road"], COLOURS.major, widthByZoom(0.6, 2.2, 17)),
      roadLayer("roads-highway", ["highway"], COLOURS.highway, widthByZoom(1, 3.5, 22)),
      {
        id: "boundaries",
        type: "line",
        source: "basemap",
        "source-layer": "boundaries",
        filter: ["<=", ["to-number", ["get", "kind_detail"], 2], 4],
        paint: { "line-color": COLOURS.boundary, "line-width": 1, "line-dasharray": [3, 2] },
      },
    ],
  };
}
