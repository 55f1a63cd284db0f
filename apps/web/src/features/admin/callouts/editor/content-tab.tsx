import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormBuilder } from "../builder/form-builder";
import { SlideSettings } from "../builder/slide-settings";
import { SlidesList } from "../builder/slides-list";
import { Card } from "../../../../ui/card";
import { FieldMessage } from "../../../../ui/field-message";
import { useFieldError, useSlides } from "./editor-context";
import { IntroEndFields } from "./intro-end-fields";

/** The slides and their components, the intro and the end screen. */
export function ContentTab() {
  const { t } = useTranslation();
  const slides = useSlides();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const index = Math.max(
    0,
    slides.findIndex((slide) => slide.id === chosenId),
  );
  const slide = slides[index];
  const emptyError = useFieldError(`slides.${index}.components`);
  if (!slide) return null;

  return (
    <div className="space-y-6">
      <Card className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[14rem_minmax(0,1fr)]">
        <SlidesList slides={slides} selectedId={slide.id} onSelect={setChosenId} />
        <div className="min-w-0 space-y-6 lg:border-l lg:border-black/5 lg:pl-6">
          <section aria-labelledby="slide-settings-title" className="space-y-3">
            <h3 id="slide-settings-title" className="font-bold">
              {t("adminCallouts.slides.settingsTitle", { n: index + 1 })}
            </h3>
            <SlideSettings slide={slide} index={index} slides={slides} />
          </section>
          <FieldMessage id="slide-empty-error" hintId="slide-empty-hint" error={emptyError} />
          <FormBuilder key={slide.id} slide={slide} slideIndex={index} slides={slides} />
        </div>
      </Card>
      <Card>
        <IntroEndFields />
      </Card>
    </div>
  );
}
