import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useWatch } from "react-hook-form";
import { ImageUp, Trash2 } from "lucide-react";
import { sizedImageUrl, UPLOAD_MAX_BYTES } from "@cohort/common/callouts";
import { uploadFile } from "../../../../api/admin-callouts";
import { messageForError } from "../../../../api/error-messages";
import { Alert } from "../../../../ui/alert";
import { Button } from "../../../../ui/button";
import { Spinner } from "../../../../ui/spinner";
import { useEditorForm } from "./editor-context";
import type { CalloutEditorValues } from "./editor-values";

/** A resized copy for the preview, in one of the sizes the upload service makes. */
function previewUrl(url: string): string {
  return sizedImageUrl(url, { width: 720, height: 450 });
}

/** The cover image: upload one (under 20 MB), see it, or take it away. */
export function ImageUploadField() {
  const { t } = useTranslation();
  const { setValue } = useEditorForm();
  const image = useWatch<CalloutEditorValues, "image">({ name: "image" });
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const handleFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size >= UPLOAD_MAX_BYTES) {
      setError(t("errors.fileTooLarge"));
      return;
    }
    setIsUploading(true);
    try {
      const url = await uploadFile(file);
      setValue("image", url, { shouldDirty: true });
    } catch (failure) {
      setError(t(messageForError(failure)));
    } finally {
      setIsUploading(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  return (
    <div className="space-y-3">
      <label htmlFor={inputId} className="block text-sm font-semibold">
        {t("adminCallouts.titleImage.image")}
      </label>
      <div className="flex flex-wrap items-start gap-4">
        <div className="grid aspect-[16/10] w-72 max-w-full place-items-center overflow-hidden rounded-xl bg-body/5 ring-1 ring-black/5">
          {image ? (
            <img
              src={previewUrl(image)}
              alt={t("adminCallouts.titleImage.imagePreview")}
              className="size-full object-cover"
            />
          ) : (
            <ImageUp aria-hidden className="size-8 text-body/40" />
          )}
        </div>
        <div className="space-y-2">
          <p id={`${inputId}-hint`} className="max-w-xs text-sm text-body/70">
            {t("adminCallouts.titleImage.imageHint")}
          </p>
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            aria-describedby={`${inputId}-hint`}
            disabled={isUploading}
            onChange={(event) => void handleFile(event.target.files?.[0])}
            className="focus-ring block max-w-xs text-sm file:mr-3 file:cursor-pointer file:rounded-lg file:border-0 file:bg-primary file:px-3 file:py-2 file:font-semibold file:text-on-primary"
          />
          {isUploading && (
            <p className="flex items-center gap-2 text-sm">
              <Spinner className="size-4" />
              {t("adminCallouts.titleImage.uploading")}
            </p>
          )}
          {image && !isUploading && (
            <Button
              variant="ghost"
              size="sm"
              icon={<Trash2 aria-hidden className="size-4" />}
              onClick={() => setValue("image", "", { shouldDirty: true })}
            >
              {t("adminCallouts.titleImage.imageRemove")}
            </Button>
          )}
        </div>
      </div>
      {error && <Alert variant="error">{error}</Alert>}
    </div>
  );
}
