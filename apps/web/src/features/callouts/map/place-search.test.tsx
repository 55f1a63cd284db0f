import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../../../app/i18n/i18n";
import { jsonResponse, requestUrl } from "../../../test/json-response";
import { PlaceSearch } from "./place-search";

const fetchMock = vi.fn<typeof fetch>();

const house = {
  id: "osm:N:1001",
  text: "Hauptstraße",
  placeName: "Hauptstraße 5, 10827 Berlin",
  placeType: ["address"],
  center: [13.3541, 52.4863],
};

describe("the place search", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it("searches on Enter inside the callout's form without sending that form", async () => {
    vi.stubGlobal("fetch", fetchMock);
    fetchMock.mockResolvedValue(jsonResponse(200, { features: [house] }));
    const sendForm = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const onChoose = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <form onSubmit={sendForm}>
          <PlaceSearch countries="de" onChoose={onChoose} />
        </form>
      </I18nextProvider>,
    );

    await userEvent.type(screen.getByRole("searchbox"), "Hauptstraße{Enter}");
    await userEvent.click(await screen.findByRole("button", { name: house.placeName }));

    expect(sendForm).not.toHaveBeenCalled();
    const url = new URL(requestUrl(fetchMock.mock.calls[0]![0]), "http://localhost");
    expect(url.pathname).toMatch(/\/geocode\/search$/);
    expect(url.searchParams.get("query")).toBe("Hauptstraße");
    expect(url.searchParams.get("countries")).toBe("de");
    expect(onChoose).toHaveBeenCalledWith(expect.objectContaining({ placeName: house.placeName }));
  });
});
