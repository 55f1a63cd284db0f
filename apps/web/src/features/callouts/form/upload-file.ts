import type { FileAnswer } from "@cohort/common/callout-form";
import { createUploadToken, sendUpload } from "../../../api/callouts";
import type { FileUploader } from "./form-context";

/** The public upload flow: a one-time token from the API, then the file itself. */
export const uploadCalloutFile: FileUploader = async (file, onProgress, signal): Promise<FileAnswer> => {
  const token = await createUploadToken();
  const url = await sendUpload(file, token, ({ loaded, total }) => onProgress(total > 0 ? loaded / total : 0), signal);
  return { url, name: file.name, size: file.size, storage: "cohort" };
};
