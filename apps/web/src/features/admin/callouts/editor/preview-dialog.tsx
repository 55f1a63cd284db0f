import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useWatch } from "react-hook-form";
import type { CalloutForm } from "@cohort/common/callout-form";
import { RichText } from "../../../../ui/rich-text";
import { CalloutFormRenderer } from "../../../callouts";
import { Dialog } from "../../../../ui/dialog";
import { Select } from "../../../../ui/select";
import type { CalloutEditorValues } from "./editor-values";

/** The form as it is now, unsaved changes included, through the respondents' own renderer. */
export function PreviewDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [title, intro, image, slides, translations] = useWatch<
    CalloutEditorValues,
    ["title", "intro", "image", "slides", "translations"]
  >({ name: ["title", "intro", "image", "slides", "translations"] });
  const [language, setLanguage] = useState("");
  const translation = translations.find((item) => item.locale === language);
  const form: CalloutForm = {
    slides: slides.map((slide) => ({
      ...slide,
      navigation: {
        ...slide.navigation,
        ...Object.fromEntries(
          Object.entries(translation?.slideNavigation[slide.id] ?? {}).filter(
            (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1].trim() !== "",
          ),
        ),
      },
    })),
    componentText: Object.fromEntries(
      Object.entries(translation?.componentText ?? {}).filter(([, text]) => text.trim() !== ""),
    ),
  };
  const shownTitle = translation?.title || title;
  const shownIntro = translation?.intro || intro;

  return (
    <Dialog
      isOpen
      onClose={onClose}
      size="lg"
      title={t("adminCallouts.preview.title")}
      closeLabel={t("common.close")}
      description={t("adminCallouts.preview.description")}
    >
      <div className="space-y-5">
        {translations.length > 0 && (
          <label className="flex items-center gap-2 text-sm">
            <span className="font-semibold">{t("adminCallouts.preview.language")}</span>
            <Select size="sm" className="w-56" value={language} onChange={(event) => setLanguage(event.target.value)}>
              <option value="">{t("adminCallouts.preview.defaultLanguage")}</option>
              {translations.map((item) => (
                <option key={item.locale} value={item.locale}>
                  {t(`locales.${item.locale}`)}
                </option>
              ))}
            </Select>
          </label>
        )}
        <article className="space-y-4 rounded-xl bg-canvas p-4 ring-1 ring-black/5 sm:p-6">
          <h2 className="text-2xl font-bold">{shownTitle || t("adminCallouts.untitled")}</h2>
          {image && <img src={image} alt="" className="aspect-[16/9] w-full rounded-lg object-cover" />}
          {shownIntro && <RichText html={shownIntro} />}
          <CalloutFormRenderer key={language} form={form} preview />
        </article>
      </div>
    </Dialog>
  );
}
