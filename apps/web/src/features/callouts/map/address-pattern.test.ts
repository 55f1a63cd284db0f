import { describe, expect, it } from "vitest";
import type { GeocodeFeature } from "@cohort/common/geocoding";
import { addressAnswer, addressFeatures, fillAddressPattern, locationAnswers } from "./address-pattern";

const street: GeocodeFeature = {
  id: "address.1",
  text: "Hauptstraße",
  placeName: "Hauptstraße 5, 10115 Berlin, Germany",
  placeType: ["address"],
  center: [13.4, 52.5],
  houseNumber: "5",
};
const postcode: GeocodeFeature = {
  id: "postal_code.1",
  text: "10115",
  placeName: "10115 Berlin, Germany",
  placeType: ["postal_code"],
  center: [13.39, 52.53],
};
const town: GeocodeFeature = {
  id: "municipality.1",
  text: "Berlin",
  placeName: "Berlin, Germany",
  placeType: ["municipality", "place"],
  center: [13.38, 52.51],
};
const found = [street, postcode, town];

describe("the address answer of a map click", () => {
  it("keeps the clicked point, the most precise place's name and every place with its types", () => {
    expect(addressAnswer({ lng: 13.40001, lat: 52.50002 }, found)).toEqual({
      formatted_address: "Hauptstraße 5, 10115 Berlin, Germany",
      geometry: { location: { lat: 52.50002, lng: 13.40001 } },
      features: [
        { text: "Hauptstraße", types: ["address"] },
        { text: "5", types: ["street_number"] },
        { text: "10115", types: ["postal_code"] },
        { text: "Berlin", types: ["municipality", "place"] },
      ],
    });
  });

  it("is ??? with no features when nothing is found (or there is no geocoder)", () => {
    expect(addressAnswer({ lng: 1, lat: 2 }, [])).toEqual({
      formatted_address: "???",
      geometry: { location: { lat: 2, lng: 1 } },
      features: [],
    });
  });

  it("is ??? when the place has a blank name", () => {
    expect(addressAnswer({ lng: 1, lat: 2 }, [{ ...town, placeName: "  " }]).formatted_address).toBe("???");
  });

  it("adds a street number only for a place that has one", () => {
    expect(addressFeatures([postcode, { ...street, houseNumber: "" }])).toEqual([
      { text: "10115", types: ["postal_code"] },
      { text: "Hauptstraße", types: ["address"] },
    ]);
  });
});

describe("fillAddressPattern", () => {
  const features = addressFeatures(found);

  it("replaces each {type} with the text of that place", () => {
    expect(fillAddressPattern("{address} {street_number}, {postal_code} {municipality}", features)).toBe(
      "Hauptstraße 5, 10115 Berlin",
    );
  });

  it("takes the first place of a type", () => {
    const twoTowns = addressFeatures([town, { ...town, text: "Mitte" }]);
    expect(fillAddressPattern("{municipality}", twoTowns)).toBe("Berlin");
  });

  it("finds a type among a place's several types", () => {
    expect(fillAddressPattern("{place}", features)).toBe("Berlin");
  });

  it("tries the alternatives of {a|b} in order", () => {
    expect(fillAddressPattern("{county|municipality}", features)).toBe("Berlin");
    expect(fillAddressPattern("{postal_code|municipality}", features)).toBe("10115");
    expect(fillAddressPattern("{ region | postal_code }", features)).toBe("10115");
  });

  it("writes ??? for a placeholder nothing matches", () => {
    expect(fillAddressPattern("{region}", features)).toBe("???");
    expect(fillAddressPattern("{county|region}", features)).toBe("???");
    expect(fillAddressPattern("{}", features)).toBe("???");
    expect(fillAddressPattern("{address}, {municipality}", [])).toBe("???, ???");
  });

  it("skips places with an empty text", () => {
    expect(fillAddressPattern("{postal_code}", [{ text: " ", types: ["postal_code"] }])).toBe("???");
  });

  it("keeps text outside braces, unbalanced braces included", () => {
    expect(fillAddressPattern("Near {municipality} (map)", features)).toBe("Near Berlin (map)");
    expect(fillAddressPattern("{municipality", features)).toBe("{municipality");
    expect(fillAddressPattern("no placeholders", features)).toBe("no placeholders");
    expect(fillAddressPattern("", features)).toBe("");
  });

  it("does not treat the replaced text as a pattern", () => {
    const tricky = [{ text: "{postal_code}", types: ["address"] }];
    expect(fillAddressPattern("{address}", tricky)).toBe("{postal_code}");
  });
});

describe("locationAnswers", () => {
  const point = { lng: 13.4, lat: 52.5 };

  it("puts the address and the filled pattern at their full keys", () => {
    const answers = locationAnswers(
      { addressProp: "where.address", addressPattern: "{address} {street_number}", addressPatternProp: "what.street" },
      point,
      found,
    );
    expect(answers.where?.address).toMatchObject({ formatted_address: street.placeName });
    expect(answers.what).toEqual({ street: "Hauptstraße 5" });
  });

  it("puts both in one slide when they share it", () => {
    const answers = locationAnswers(
      { addressProp: "s.address", addressPattern: "{municipality}", addressPatternProp: "s.town" },
      point,
      [],
    );
    expect(answers.s).toEqual({
      address: { formatted_address: "???", geometry: { location: { lat: 52.5, lng: 13.4 } }, features: [] },
      town: "???",
    });
  });

  it("leaves the pattern out when no component receives it, and ignores keys without a slide", () => {
    expect(
      Object.keys(locationAnswers({ addressProp: "s.a", addressPattern: "{x}", addressPatternProp: "" }, point, [])),
    ).toEqual(["s"]);
    expect(locationAnswers({ addressProp: "nodot", addressPattern: "", addressPatternProp: "" }, point, [])).toEqual(
      {},
    );
  });
});
