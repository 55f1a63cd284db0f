import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useWatch } from "react-hook-form";
import { Link } from "react-router";
import { useQuery } from "@tanstack/react-query";
import { Alert } from "../../../../ui/alert";
import { linkClass } from "../../../../ui/class-names";
import { mapConfigQueryOptions } from "../../../callouts";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import { useEditorForm, useFieldError, useSlides } from "./editor-context";
import type { CalloutEditorValues, EditorMapSettings } from "./editor-values";
import { defaultMapSettings } from "./editor-values";
import { fieldChoices, withNone } from "./field-choices";

function MapTextField({
  name,
  type = "text",
  hasHint = false,
}: {
  name: keyof EditorMapSettings;
  type?: string;
  hasHint?: boolean;
}) {
  const { t } = useTranslation();
  const { register } = useEditorForm();
  const error = useFieldError(`map.${name}`);
  return (
    <TextField
      type={type}
      label={t(`adminCallouts.display.map.${name}`)}
      hint={hasHint ? t(`adminCallouts.display.map.${name}Hint`) : undefined}
      error={error}
      spellCheck={false}
      {...register(`map.${name}`)}
    />
  );
}

/**
 * Where the map starts, how far it zooms, and which answers place the pins. A
 * map without a style of its own draws the organisation's basemap and starts
 * where its maps start (Settings → Maps); while it has none, this says so and
 * links there, since the server will not switch the map on (decision 057).
 */
export function MapSettingsFields() {
  const { t } = useTranslation();
  const { register, getValues, setValue } = useEditorForm();
  const config = useQuery(mapConfigQueryOptions());
  const style = useWatch<CalloutEditorValues, "map.style">({ name: "map.style" });
  const view = config.data?.view;
  // A map just switched on starts from the organisation's centre and zoom, not from 0, 0.
  useEffect(() => {
    if (!view) return;
    const map = getValues("map");
    if (map.center !== defaultMapSettings.center || map.initialZoom !== defaultMapSettings.initialZoom) return;
    setValue("map.center", view.center.map((value) => Number(value.toFixed(5))).join(", "), { shouldDirty: true });
    setValue("map.initialZoom", String(Math.round(view.zoom)), { shouldDirty: true });
  }, [view, getValues, setValue]);
  const hasNoBasemap = config.data !== undefined && !config.data.basemap.available && style.trim() === "";
  const slides = useSlides();
  const [addressProp, patternProp] = useWatch<CalloutEditorValues, ["map.addressProp", "map.addressPatternProp"]>({
    name: ["map.addressProp", "map.addressPatternProp"],
  });
  const addressError = useFieldError("map.addressProp");
  const addresses = withNone(t, fieldChoices(slides, ["address"]), addressProp);
  const texts = withNone(t, fieldChoices(slides, ["textfield", "textarea"]), patternProp);

  return (
    <fieldset className="space-y-4">
      <legend className="mb-2 font-bold">{t("adminCallouts.display.mapTitle")}</legend>
      {hasNoBasemap && (
        <Alert variant="warning" title={t("adminCallouts.display.map.noBasemapTitle")}>
          <p>{t("adminCallouts.display.map.noBasemap")}</p>
          <Link to="/admin/settings/maps" className={linkClass}>
            {t("adminCallouts.display.map.toMapSettings")}
          </Link>
        </Alert>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          label={t("adminCallouts.display.map.addressProp")}
          error={addressError}
          {...register("map.addressProp")}
        >
          {addresses.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <MapTextField name="style" type="url" hasHint />
        <MapTextField name="center" hasHint />
        <MapTextField name="bounds" hasHint />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <MapTextField name="minZoom" type="number" />
        <MapTextField name="initialZoom" type="number" />
        <MapTextField name="maxZoom" type="number" />
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField
          label={t("adminCallouts.display.map.addressPatternProp")}
          hint={t("adminCallouts.display.map.addressPatternPropHint")}
          {...register("map.addressPatternProp")}
        >
          {texts.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        {patternProp && <MapTextField name="addressPattern" hasHint />}
        <MapTextField name="geocodeCountries" hasHint />
      </div>
    </fieldset>
  );
}
