import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Editor } from "@tiptap/core";
import { ImageUp } from "lucide-react";
import { Button } from "../../../../ui/button";
import { cx } from "../../../../ui/class-names";
import { Spinner } from "../../../../ui/spinner";
import { TextField } from "../../../../ui/text-field";
import { useImageUpload } from "../use-image-upload";
import { ToolbarFormRow } from "./toolbar-form-row";

interface ImageFormProps {
  editor: Editor;
  onClose: () => void;
}

/** An image uploaded through the site's upload route, with a description for those who cannot see it. */
export function ImageForm({ editor, onClose }: ImageFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [alt, setAlt] = useState("");
  const { inputRef, isUploading, error, upload } = useImageUpload((src) => {
    editor.chain().focus().setImage({ src, alt: alt.trim() }).run();
    onClose();
  });

  return (
    <ToolbarFormRow
      onClose={onClose}
      onEnter={(event) => {
        if (event.target instanceof HTMLInputElement && event.target.type === "text") event.preventDefault();
      }}
    >
      <TextField
        id={`${id}-alt`}
        className="min-w-48 flex-1"
        label={t("adminRichText.imageAlt")}
        hint={t("adminRichText.imageAltHint")}
        autoComplete="off"
        autoFocus
        value={alt}
        onChange={(event) => setAlt(event.target.value)}
      />
      <div className="flex items-center gap-2 pb-7">
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept="image/*"
          disabled={isUploading}
          onChange={(event) => void upload(event.target.files?.[0])}
          className="peer sr-only"
        />
        <label
          htmlFor={`${id}-file`}
          className={cx(
            "inline-flex h-9 cursor-pointer items-center gap-1.5 rounded-lg bg-primary px-3 text-sm font-semibold text-on-primary hover:bg-primary/90",
            "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-link",
            "peer-disabled:cursor-default peer-disabled:opacity-60",
          )}
        >
          {isUploading ? <Spinner className="size-4" /> : <ImageUp aria-hidden className="size-4" />}
          {isUploading ? t("adminRichText.imageUploading") : t("adminRichText.imageChoose")}
        </label>
        <Button size="sm" variant="ghost" onClick={onClose}>
          {t("common.cancel")}
        </Button>
      </div>
      {error && (
        <p role="alert" className="w-full text-sm font-medium text-danger">
          {error}
        </p>
      )}
    </ToolbarFormRow>
  );
}
