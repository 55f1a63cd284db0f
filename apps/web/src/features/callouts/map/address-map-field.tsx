import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import type { AddressAnswer } from "@cohort/common/callout-form";
import { publicCalloutQueryOptions } from "../../../api/callouts";
import { mapConfigQueryOptions, mapStyleUrl } from "./map-api";

// MapLibre loads only when someone opens the map (decision 036).
const AddressPicker = lazy(() => import("./address-picker").then((module) => ({ default: module.AddressPicker })));

interface AddressMapFieldProps {
  value: AddressAnswer | undefined;
  onChange: (answer: AddressAnswer) => void;
}

/**
 * Under the address box: a button that opens the map picker in place, when the callout or the
 * organisation has a map to pick on. Without one the address is typed, and nothing is offered.
 */
export function AddressMapField({ value, onChange }: AddressMapFieldProps) {
  const { t, i18n } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const { id = "" } = useParams();
  // The page already loaded its callout; this only reads the cache.
  const callout = useQuery({ ...publicCalloutQueryOptions(id, i18n.language), enabled: id !== "" });
  const config = useQuery(mapConfigQueryOptions());
  if (!mapStyleUrl(callout.data?.responseViewSchema?.map, config.data)) return null;
  if (!isOpen) {
    return (
      <button type="button" className="focus-ring text-sm font-semibold underline" onClick={() => setIsOpen(true)}>
        {t("callouts.form.onMap")}
      </button>
    );
  }
  return (
    <Suspense>
      <AddressPicker value={value} onChange={onChange} />
    </Suspense>
  );
}
