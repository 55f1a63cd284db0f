import type { ReactNode } from "react";
import { useId } from "react";
import { ImageUp, Trash2 } from "lucide-react";
import { sizedImageUrl } from "@cohort/common/callouts";
import { cx } from "../../../ui/class-names";
import { Alert } from "../../../ui/alert";
import { Button } from "../../../ui/button";
import { Spinner } from "../../../ui/spinner";
import { useImageUpload } from "./use-image-upload";

export interface ImageUploadFieldProps {
  /** Label of the file picker. */
  label: string;
  hint: string;
  value: string;
  onChange: (url: string) => void;
  previewAlt: string;
  removeLabel: string;
  uploadingLabel: string;
  /** Shape of the preview box. */
  previewClassName?: string;
  /** Size of the preview copy asked of the upload service. */
  previewBounds?: { width: number; height: number };
  /** Shown above the picker, for example a field to paste an address instead. */
  children?: ReactNode;
}

/** An image: upload one (under 20 MB), see it, or take it away. */
export function ImageUploadField({
  label,
  hint,
  value,
  onChange,
  previewAlt,
  removeLabel,
  uploadingLabel,
  previewClassName = "aspect-[16/10] w-72",
  previewBounds = { width: 720, height: 450 },
  children,
}: ImageUploadFieldProps) {
  const inputId = useId();
  const { inputRef, isUploading, error, upload: handleFile } = useImageUpload(onChange);

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start gap-4">
        <div
          className={cx(
            "grid max-w-full place-items-center overflow-hidden rounded-xl bg-body/5 ring-1 ring-black/5",
            previewClassName,
          )}
        >
          {value ? (
            <img src={sizedImageUrl(value, previewBounds)} alt={previewAlt} className="size-full object-cover" />
          ) : (
            <ImageUp aria-hidden className="size-8 text-body/40" />
          )}
        </div>
        <div className="min-w-56 flex-1 space-y-2">
          {children}
          {/*
           * The browser's own picker names its button and the chosen file in the browser's
           * language, not the site's; the label, styled as a button, opens it instead.
           */}
          <input
            ref={inputRef}
            id={inputId}
            type="file"
            accept="image/*"
            aria-describedby={`${inputId}-hint`}
            disabled={isUploading}
            onChange={(event) => void handleFile(event.target.files?.[0])}
            className="peer sr-only"
          />
          <label
            htmlFor={inputId}
            className={cx(
              "inline-flex cursor-pointer items-center gap-2 rounded-lg bg-primary px-3 py-2 text-sm font-semibold text-on-primary hover:bg-primary/90",
              "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus",
              "peer-disabled:cursor-default peer-disabled:opacity-60",
            )}
          >
            <ImageUp aria-hidden className="size-4" />
            {label}
          </label>
          <p id={`${inputId}-hint`} className="max-w-xs text-sm text-body/70">
            {hint}
          </p>
          {isUploading && (
            <p className="flex items-center gap-2 text-sm">
              <Spinner className="size-4" />
              {uploadingLabel}
            </p>
          )}
          {value && !isUploading && (
            <Button
              variant="ghost"
              size="sm"
              icon={<Trash2 aria-hidden className="size-4" />}
              onClick={() => onChange("")}
            >
              {removeLabel}
            </Button>
          )}
        </div>
      </div>
      {error && <Alert variant="error">{error}</Alert>}
    </div>
  );
}
