import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AddressAnswer } from "@cohort/common/callout-form";
import { useMapStyleUrl } from "./use-map-style-url";

// MapLibre loads only when someone opens the map (decision 036).
const AddressPicker = lazy(() => import("./address-picker").then((module) => ({ default: module.AddressPicker })));

interface AddressMapFieldProps {
  value: AddressAnswer | undefined;
  onChange: (answer: AddressAnswer) => void;
}

/**
 * Under the address box: a button that opens the map picker in place, so that the answer gets its
 * point. Without a basemap the picker draws the built-in world (decision 057).
 */
export function AddressMapField({ value, onChange }: AddressMapFieldProps) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const { isPending } = useMapStyleUrl();
  if (isPending) return null;
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
