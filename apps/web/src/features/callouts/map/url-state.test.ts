import { describe, expect, it } from "vitest";
import {
  canAddLocation,
  formatCenter,
  formatZoom,
  parseCenter,
  parseMapUrl,
  parseResponseHash,
  parseZoom,
  responseHash,
  searchWithView,
  showsIntro,
} from "./url-state";

describe("map URL state", () => {
  it("reads the view, the open response and the add mode", () => {
    expect(parseMapUrl("?c=13.40495,52.52001&z=12.5&lang=de", "#response-7")).toEqual({
      center: [13.40495, 52.52001],
      zoom: 12.5,
      responseNumber: 7,
      isAdding: false,
      noAdd: false,
    });
    expect(parseMapUrl("?noadd", "#add")).toMatchObject({ isAdding: true, noAdd: true, center: undefined });
    expect(parseMapUrl("", "")).toEqual({
      center: undefined,
      zoom: undefined,
      responseNumber: undefined,
      isAdding: false,
      noAdd: false,
    });
  });

  it.each([null, "", "13.4", "13.4,52.5,1", "a,b", "181,0", "0,-91", "Infinity,0", ",52"])(
    "ignores the centre %s",
    (value) => expect(parseCenter(value)).toBeUndefined(),
  );

  it("accepts centres at the edges of the globe", () => {
    expect(parseCenter("-180,90")).toEqual([-180, 90]);
    expect(parseCenter(" 0.5 , -33.1 ")).toEqual([0.5, -33.1]);
  });

  it.each([null, "", "x", "-1", "25", "NaN"])("ignores the zoom %s", (value) =>
    expect(parseZoom(value)).toBeUndefined(),
  );

  it("reads only whole response numbers", () => {
    expect(parseResponseHash("#response-12")).toBe(12);
    expect(parseResponseHash("#response-")).toBeUndefined();
    expect(parseResponseHash("#response-1.5")).toBeUndefined();
    expect(parseResponseHash("#response-1x")).toBeUndefined();
    expect(parseResponseHash("#add")).toBeUndefined();
    expect(responseHash(12)).toBe("#response-12");
  });

  it("writes the centre with 5 decimals and the zoom with 3", () => {
    expect(formatCenter([13.404954321, 52.520006789])).toBe("13.40495,52.52001");
    expect(formatCenter([-0.000001, 0])).toBe("0.00000,0.00000");
    expect(formatZoom(11.23456)).toBe("11.235");
    expect(formatZoom(3)).toBe("3.000");
  });

  it("writes the view into the search string and keeps the other parameters", () => {
    expect(searchWithView("?lang=de&c=1,1&noIntro", { center: [2.35222, 48.85661], zoom: 10 })).toBe(
      "?lang=de&c=2.35222,48.85661&noIntro&z=10.000",
    );
    const written = searchWithView("", { center: [-73.98513, 40.7589], zoom: 14.25 });
    expect(parseMapUrl(written, "")).toMatchObject({ center: [-73.98513, 40.7589], zoom: 14.25 });
  });

  it("opens the intro on the site unless ?noIntro, and in a frame only with ?intro", () => {
    expect(showsIntro("", false)).toBe(true);
    expect(showsIntro("?noIntro", false)).toBe(false);
    expect(showsIntro("", true)).toBe(false);
    expect(showsIntro("?intro", true)).toBe(true);
    expect(showsIntro("?intro&noIntro", true)).toBe(true);
  });

  it("offers Add location only for open callouts with an address component and without ?noadd", () => {
    expect(canAddLocation("", true, true)).toBe(true);
    expect(canAddLocation("?noadd", true, true)).toBe(false);
    expect(canAddLocation("", false, true)).toBe(false);
    expect(canAddLocation("", true, false)).toBe(false);
  });
});
