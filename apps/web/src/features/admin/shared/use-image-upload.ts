import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { UPLOAD_MAX_BYTES } from "@cohort/common/callouts";
import { uploadFile } from "../../../api/admin-callouts";
import { messageForError } from "../../../api/error-messages";

/**
 * An image sent through the site's upload route (under 20 MB): `upload` takes the file a picker
 * chose and hands its address to `onUploaded`; meanwhile `isUploading`, and `error` when it fails.
 * The picker (`inputRef`) is emptied afterwards, so the same file can be chosen again.
 */
export function useImageUpload(onUploaded: (url: string) => void) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size >= UPLOAD_MAX_BYTES) {
      setError(t("errors.fileTooLarge"));
      return;
    }
    setIsUploading(true);
    try {
      onUploaded(await uploadFile(file));
    } catch (failure) {
      setError(t(messageForError(failure)));
    } finally {
      setIsUploading(false);
      if (inputRef.current) inputRef.current.value = "";
    }
  };

  return { inputRef, isUploading, error, upload };
}
