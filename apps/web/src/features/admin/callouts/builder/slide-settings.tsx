import { useTranslation } from "react-i18next";
import { Alert } from "../../../../ui/alert";
import { SelectField } from "../../../../ui/select-field";
import { TextField } from "../../../../ui/text-field";
import { useBuilderDispatch, useFieldError } from "../editor/editor-context";
import type { EditorSlide } from "../editor/editor-values";

interface SlideSettingsProps {
  slide: EditorSlide;
  index: number;
  slides: readonly EditorSlide[];
}

/**
 * A slide's internal name, its button texts and where "Next" goes. A button
 * text left empty (the default's wording shows as the placeholder) says the
 * default of each reader's language.
 */
export function SlideSettings({ slide, index, slides }: SlideSettingsProps) {
  const { t } = useTranslation();
  const dispatch = useBuilderDispatch();
  const base = `slides.${index}`;
  const titleError = useFieldError(`${base}.title`);
  const prevError = useFieldError(`${base}.navigation.prevText`);
  const nextError = useFieldError(`${base}.navigation.nextText`);
  const submitError = useFieldError(`${base}.navigation.submitText`);
  const isFirst = index === 0;
  const isLast = index === slides.length - 1;
  // A form saved through the API may name a slide that does not exist: the form ends on this slide then.
  const chosenNext = slide.navigation.nextSlideId;
  const missingNext = chosenNext && !slides.some((other) => other.id === chosenNext) ? chosenNext : null;
  const setNavigation = (patch: Partial<EditorSlide["navigation"]>) =>
    dispatch({ type: "updateSlide", slideId: slide.id, patch: { navigation: patch } });

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField
        label={t("adminCallouts.slides.name")}
        hint={t("adminCallouts.slides.nameHint")}
        value={slide.title}
        error={titleError}
        onChange={(event) => dispatch({ type: "updateSlide", slideId: slide.id, patch: { title: event.target.value } })}
      />
      {!isLast && (
        <SelectField
          label={t("adminCallouts.slides.next")}
          hint={t("adminCallouts.slides.nextHint")}
          value={slide.navigation.nextSlideId ?? ""}
          onChange={(event) => setNavigation({ nextSlideId: event.target.value || null })}
        >
          <option value="">{t("adminCallouts.slides.nextDefault")}</option>
          {missingNext && (
            <option value={missingNext}>{t("adminCallouts.slides.nextMissingOption", { id: missingNext })}</option>
          )}
          {slides
            .filter((other) => other.id !== slide.id)
            .map((other) => (
              <option key={other.id} value={other.id}>
                {other.title || other.id}
              </option>
            ))}
        </SelectField>
      )}
      {!isLast && missingNext && (
        <Alert variant="warning" className="sm:col-span-2">
          {t("adminCallouts.slides.nextMissing", { id: missingNext })}
        </Alert>
      )}
      {!isFirst && (
        <TextField
          label={t("adminCallouts.slides.prevText")}
          value={slide.navigation.prevText}
          placeholder={t("adminCallouts.slides.defaultPrev")}
          error={prevError}
          onChange={(event) => setNavigation({ prevText: event.target.value })}
        />
      )}
      {!isLast && (
        <TextField
          label={t("adminCallouts.slides.nextText")}
          value={slide.navigation.nextText}
          placeholder={t("adminCallouts.slides.defaultNext")}
          error={nextError}
          onChange={(event) => setNavigation({ nextText: event.target.value })}
        />
      )}
      {isLast && (
        <TextField
          label={t("adminCallouts.slides.submitText")}
          value={slide.navigation.submitText}
          placeholder={t("adminCallouts.slides.defaultSubmit")}
          error={submitError}
          onChange={(event) => setNavigation({ submitText: event.target.value })}
        />
      )}
    </div>
  );
}
