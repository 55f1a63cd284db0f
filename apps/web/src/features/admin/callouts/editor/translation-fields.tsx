import { useTranslation } from "react-i18next";
import { useWatch } from "react-hook-form";
import { TextField } from "../../../../ui/text-field";
import { TextareaField } from "../../../../ui/textarea-field";
import { RichTextField } from "../../shared/rich-text/rich-text-field";
import { componentSources } from "./component-sources";
import { useEditorForm, useFieldError, useSlides } from "./editor-context";
import type { CalloutEditorValues } from "./editor-values";

/** What a button says where its text is left empty, in the admin's language. */
const defaultButtonText = {
  prevText: "adminCallouts.slides.defaultPrev",
  nextText: "adminCallouts.slides.defaultNext",
  submitText: "adminCallouts.slides.defaultSubmit",
} as const;

const clip = (text: string, length = 80) => (text.length > length ? `${text.slice(0, length)}…` : text);

/** "Originally: …", the text a field translates. */
function useOriginal() {
  const { t } = useTranslation();
  return (text: string) => t("adminCallouts.translations.original", { text: clip(text) || "–" });
}

/** One language's texts, each shown beside the text it translates. */
export function TranslationFields({ index }: { index: number }) {
  const base = `translations.${index}` as const;
  return (
    <div className="space-y-8">
      <BasicTexts base={base} />

      <ButtonTexts base={base} />

      <FormTexts base={base} />
    </div>
  );
}

type Base = `translations.${number}`;

/** The title, excerpt, introduction, thanks and share texts. */
function BasicTexts({ base }: { base: Base }) {
  const { t } = useTranslation();
  const { register } = useEditorForm();
  const original = useOriginal();
  const [title, excerpt, intro, thanksTitle, thanksText, endScreen, isShareCustom, shareTitle, shareDescription] =
    useWatch<
      CalloutEditorValues,
      [
        "title",
        "excerpt",
        "intro",
        "thanksTitle",
        "thanksText",
        "endScreen",
        "isShareCustom",
        "shareTitle",
        "shareDescription",
      ]
    >({
      name: [
        "title",
        "excerpt",
        "intro",
        "thanksTitle",
        "thanksText",
        "endScreen",
        "isShareCustom",
        "shareTitle",
        "shareDescription",
      ],
    });
  return (
    <section className="space-y-4">
      <h4 className="font-bold">{t("adminCallouts.translations.basics")}</h4>
      <TextField label={t("adminCallouts.titleImage.title")} hint={original(title)} {...register(`${base}.title`)} />
      <TextareaField
        label={t("adminCallouts.titleImage.excerpt")}
        hint={original(excerpt)}
        rows={2}
        {...register(`${base}.excerpt`)}
      />
      <RichTextField<CalloutEditorValues>
        name={`${base}.intro`}
        label={t("adminCallouts.content.intro")}
        hint={original(intro)}
      />
      {endScreen === "message" && (
        <>
          <TextField
            label={t("adminCallouts.content.thanksTitle")}
            hint={original(thanksTitle)}
            {...register(`${base}.thanksTitle`)}
          />
          <RichTextField<CalloutEditorValues>
            name={`${base}.thanksText`}
            label={t("adminCallouts.content.thanksText")}
            hint={original(thanksText)}
          />
        </>
      )}
      {isShareCustom && (
        <>
          <TextField
            label={t("adminCallouts.titleImage.shareHeading")}
            hint={original(shareTitle)}
            {...register(`${base}.shareTitle`)}
          />
          <TextareaField
            label={t("adminCallouts.titleImage.shareDescription")}
            hint={original(shareDescription)}
            rows={2}
            {...register(`${base}.shareDescription`)}
          />
        </>
      )}
    </section>
  );
}

/** The navigation buttons of each slide. */
function ButtonTexts({ base }: { base: Base }) {
  const { t } = useTranslation();
  const { register } = useEditorForm();
  const slides = useSlides();
  const original = useOriginal();
  return (
    <section className="space-y-4">
      <h4 className="font-bold">{t("adminCallouts.translations.buttons")}</h4>
      {slides.map((slide, slideIndex) => {
        const texts = (
          [
            ["prevText", slideIndex > 0],
            ["nextText", slideIndex < slides.length - 1],
            ["submitText", slideIndex === slides.length - 1],
          ] as const
        ).filter(([, isShown]) => isShown);
        return (
          <fieldset key={slide.id} className="grid gap-3 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold">{slide.title}</legend>
            {texts.map(([name]) => (
              <TextField
                key={name}
                label={t(`adminCallouts.slides.${name}`)}
                hint={original(slide.navigation[name] || t(defaultButtonText[name]))}
                {...register(`${base}.slideNavigation.${slide.id}.${name}`)}
              />
            ))}
          </fieldset>
        );
      })}
    </section>
  );
}

/** The texts of the form's questions and answers. */
function FormTexts({ base }: { base: Base }) {
  const { t } = useTranslation();
  const { setValue, getValues } = useEditorForm();
  const slides = useSlides();
  const componentText = useWatch<CalloutEditorValues, `translations.${number}.componentText`>({
    name: `${base}.componentText`,
  });
  const textsError = useFieldError(`${base}.componentText`);
  const sources = componentSources(slides);
  return (
    <section className="space-y-4">
      <div className="space-y-1">
        <h4 className="font-bold">{t("adminCallouts.translations.formTexts")}</h4>
        <p className="text-sm text-body/75">{t("adminCallouts.translations.formTextsHint")}</p>
        {textsError && <p className="text-sm font-medium text-danger">{textsError}</p>}
      </div>
      {sources.length === 0 && <p className="text-sm text-body/70">{t("adminCallouts.translations.noFormTexts")}</p>}
      {sources.map((source) => (
        <TextareaField
          key={source}
          label={t("adminCallouts.translations.formText", { text: clip(source, 60) })}
          rows={source.length > 80 ? 3 : 1}
          value={componentText[source] ?? ""}
          onChange={(event) =>
            setValue(
              `${base}.componentText`,
              { ...getValues(`${base}.componentText`), [source]: event.target.value },
              { shouldDirty: true },
            )
          }
        />
      ))}
    </section>
  );
}
