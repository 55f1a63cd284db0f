import { useTranslation } from "react-i18next";
import { useWatch } from "react-hook-form";
import { ImageUploadField as SharedImageUploadField } from "../../shared/image-upload-field";
import { useEditorForm } from "./editor-context";
import type { CalloutEditorValues } from "./editor-values";

/** The cover image: upload one (under 20 MB), see it, or take it away. */
export function ImageUploadField() {
  const { t } = useTranslation();
  const { setValue } = useEditorForm();
  const image = useWatch<CalloutEditorValues, "image">({ name: "image" });

  return (
    <SharedImageUploadField
      label={t("adminCallouts.titleImage.image")}
      hint={t("adminCallouts.titleImage.imageHint")}
      value={image}
      onChange={(url) => setValue("image", url, { shouldDirty: true })}
      previewAlt={t("adminCallouts.titleImage.imagePreview")}
      removeLabel={t("adminCallouts.titleImage.imageRemove")}
      uploadingLabel={t("adminCallouts.titleImage.uploading")}
    />
  );
}
