import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useWatch } from "react-hook-form";
import { Card } from "../../../../ui/card";
import { CheckboxField } from "../../../../ui/checkbox-field";
import { SelectField } from "../../../../ui/select-field";
import { useEditorForm, useFieldError, useSlides } from "./editor-context";
import type { CalloutEditorValues } from "./editor-values";
import { knownBuckets } from "./editor-values";
import { fieldChoices, withNone } from "./field-choices";
import { MapSettingsFields } from "./map-settings-fields";
import { PublicDisplayWarning } from "./public-display-warning";

/** The switches that put answers in front of everyone. */
type PublicSwitch = "showResponses" | "gallery" | "hasMap";

/** Whether and how chosen responses are shown to the public, on a map and in a gallery. */
export function ResponseDisplayTab() {
  const { t } = useTranslation();
  const { register, setValue } = useEditorForm();
  const slides = useSlides();
  const [showResponses, gallery, hasMap, buckets, titleProp, imageProp] = useWatch<
    CalloutEditorValues,
    ["showResponses", "gallery", "hasMap", "buckets", "titleProp", "imageProp"]
  >({ name: ["showResponses", "gallery", "hasMap", "buckets", "titleProp", "imageProp"] });
  // Switching the map or gallery on first shows which answers become public; off needs no asking.
  const [pending, setPending] = useState<PublicSwitch | null>(null);
  const switchProps = (name: PublicSwitch, checked: boolean) => ({
    name,
    checked,
    onChange: (event: { target: { checked: boolean } }) => {
      const turnsPublic = name === "showResponses" ? gallery || hasMap : showResponses;
      if (event.target.checked && turnsPublic) setPending(name);
      else setValue(name, event.target.checked, { shouldDirty: true });
    },
  });
  const imageError = useFieldError("imageProp");
  const bucketsError = useFieldError("buckets");
  const titles = withNone(t, fieldChoices(slides), titleProp);
  const images = withNone(t, fieldChoices(slides, ["file"]), imageProp);

  return (
    <div className="space-y-6">
      <Card className="space-y-5">
        <CheckboxField
          label={t("adminCallouts.display.show")}
          description={t("adminCallouts.display.showHint")}
          {...switchProps("showResponses", showResponses)}
        />
        {showResponses && (
          <>
            <div className="grid gap-4 md:grid-cols-2">
              <CheckboxField label={t("adminCallouts.display.gallery")} {...switchProps("gallery", gallery)} />
              <CheckboxField label={t("adminCallouts.display.map.toggle")} {...switchProps("hasMap", hasMap)} />
            </div>
            <fieldset className="space-y-2">
              <legend className="mb-1 text-sm font-semibold">{t("adminCallouts.display.buckets")}</legend>
              <p className="text-sm text-body/70">{t("adminCallouts.display.bucketsHint")}</p>
              {knownBuckets.map((bucket) => (
                <CheckboxField
                  key={bucket || "inbox"}
                  label={t(`adminCallouts.buckets.${bucket || "inbox"}`)}
                  checked={buckets.includes(bucket)}
                  onChange={(event) =>
                    setValue(
                      "buckets",
                      event.target.checked ? [...buckets, bucket] : buckets.filter((item) => item !== bucket),
                      { shouldDirty: true },
                    )
                  }
                />
              ))}
              {bucketsError && <p className="text-sm text-danger">{bucketsError}</p>}
            </fieldset>
            <div className="grid gap-4 md:grid-cols-2">
              <SelectField
                label={t("adminCallouts.display.titleProp")}
                hint={t("adminCallouts.display.titlePropHint")}
                {...register("titleProp")}
              >
                {titles.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </SelectField>
              <SelectField
                label={t("adminCallouts.display.imageProp")}
                hint={t("adminCallouts.display.imagePropHint")}
                error={imageError}
                {...register("imageProp")}
              >
                {images.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </SelectField>
            </div>
          </>
        )}
      </Card>
      {showResponses && hasMap && (
        <Card>
          <MapSettingsFields />
        </Card>
      )}
      <PublicDisplayWarning
        isOpen={pending !== null}
        form={{ slides }}
        onConfirm={() => {
          if (pending) setValue(pending, true, { shouldDirty: true });
          setPending(null);
        }}
        onClose={() => setPending(null)}
      />
    </div>
  );
}
