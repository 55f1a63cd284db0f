import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Search } from "lucide-react";
import type { GeocodeFeature } from "@cohort/common/geocoding";
import { Input } from "../../../ui/input";
import { searchPlaces } from "./map-api";

interface PlaceSearchProps {
  /** The callout's countries (`de,gb`), to search only there. */
  countries: string | undefined;
  onChoose: (place: GeocodeFeature) => void;
}

/** Finds a place by name through the server's geocoder; choosing one moves the map there. */
export function PlaceSearch({ countries, onChoose }: PlaceSearchProps) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState("");
  const [places, setPlaces] = useState<GeocodeFeature[] | null>(null);
  const [isSearching, setIsSearching] = useState(false);

  const search = async () => {
    const query = text.trim();
    if (!query) return;
    setIsSearching(true);
    try {
      setPlaces(await searchPlaces(query, { countries, language: i18n.language }));
    } catch {
      setPlaces([]);
    } finally {
      setIsSearching(false);
    }
  };

  return (
    <div className="relative w-full">
      {/* Not a form of its own: in the address picker it sits inside the callout's form, which Enter must not send. */}
      <div role="search" className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-body/50"
        />
        <Input
          type="search"
          size="sm"
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            void search();
          }}
          aria-label={t("calloutMap.searchPlace")}
          placeholder={t("calloutMap.searchPlace")}
          aria-busy={isSearching || undefined}
          className="pl-9 shadow-sm"
        />
      </div>
      {places && (
        <ul className="absolute inset-x-0 z-40 mt-1 overflow-hidden rounded-lg bg-white text-sm shadow-lg ring-1 ring-black/10">
          {places.length === 0 && <li className="px-3 py-2 text-body/70">{t("calloutMap.noPlaces")}</li>}
          {places.map((place) => (
            <li key={place.id}>
              <button
                type="button"
                className="focus-ring w-full cursor-pointer px-3 py-2 text-left hover:bg-body/5"
                onClick={() => {
                  setPlaces(null);
                  setText(place.placeName);
                  onChoose(place);
                }}
              >
                {place.placeName}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
