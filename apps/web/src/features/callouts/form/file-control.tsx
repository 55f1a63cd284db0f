import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileUp, X } from "lucide-react";
import type { FileAnswer, FormComponent } from "@cohort/common/callout-form";
import { UPLOAD_MAX_BYTES } from "@cohort/common/callouts";
import { messageForError } from "../../../api/error-messages";
import { linkClass } from "../../../ui/class-names";
import { FieldFrame } from "./field-frame";
import { useSlideContext } from "./form-context";
import { frameProps, useField } from "./use-field";

interface Upload {
  id: number;
  name: string;
  /** From 0 to 1. */
  progress: number;
}

function isFileAnswer(value: unknown): value is FileAnswer {
  return typeof value === "object" && value !== null && typeof (value as { url?: unknown }).url === "string";
}

function storedFiles(value: unknown): FileAnswer[] {
  if (Array.isArray(value)) return value.filter(isFileAnswer);
  return isFileAnswer(value) ? [value] : [];
}

/** Files sent as soon as they are chosen, each with its progress; at most 20 MB each. */
export function FileControl({ component }: { component: FormComponent }) {
  const { t } = useTranslation();
  const field = useField(component);
  const { uploadFile, reportBusy } = useSlideContext();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [uploadError, setUploadError] = useState<string | undefined>();
  const files = storedFiles(field.value);
  const controllers = useRef(new Set<AbortController>());
  const nextId = useRef(0);
  const isMultiple = component.multiple === true;

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  useEffect(() => reportBusy(component.key, uploads.length > 0), [reportBusy, component.key, uploads.length]);

  const start = async (file: File) => {
    const upload: Upload = { id: nextId.current++, name: file.name, progress: 0 };
    const controller = new AbortController();
    controllers.current.add(controller);
    setUploads((current) => [...current, upload]);
    const setProgress = (progress: number) =>
      setUploads((current) => current.map((item) => (item.id === upload.id ? { ...item, progress } : item)));
    try {
      const answer = await uploadFile(file, setProgress, controller.signal);
      // Added to the list as it is when the upload ends, not as it was when it started.
      field.setValue((previous) => (isMultiple ? [...storedFiles(previous), answer] : [answer]));
    } catch (error) {
      if (!controller.signal.aborted) setUploadError(t(messageForError(error)));
    } finally {
      controllers.current.delete(controller);
      setUploads((current) => current.filter((item) => item.id !== upload.id));
      field.touch();
    }
  };

  const handleChoose = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    setUploadError(undefined);
    if (list.some((file) => file.size >= UPLOAD_MAX_BYTES)) {
      setUploadError(t("errors.fileTooLarge"));
      return;
    }
    for (const file of isMultiple ? list : list.slice(0, 1)) void start(file);
  };

  const remove = (url: string) => {
    const rest = files.filter((file) => file.url !== url);
    field.setValue(rest.length > 0 ? rest : undefined);
    field.touch();
  };

  const error = uploadError ?? field.error;
  const canAdd = !field.isReadOnly && (isMultiple || (files.length === 0 && uploads.length === 0));
  return (
    <FieldFrame {...frameProps(field)} error={error}>
      <ul className="space-y-2">
        {files.map((file) => (
          <li key={file.url} className="flex items-center gap-3 rounded-lg bg-body/4 px-3 py-2 text-sm">
            <a href={file.url} target="_blank" rel="noopener noreferrer" className={`${linkClass} min-w-0 truncate`}>
              {file.name ?? file.url}
            </a>
            {!field.isReadOnly && (
              <button
                type="button"
                onClick={() => remove(file.url)}
                className="focus-ring ml-auto flex items-center gap-1 rounded-md px-2 py-1 font-semibold text-body/70 hover:bg-body/8"
              >
                <X aria-hidden className="size-4" />
                {t("callouts.form.removeFile", { name: file.name ?? "" })}
              </button>
            )}
          </li>
        ))}
        {uploads.map((upload) => {
          const percent = Math.round(upload.progress * 100);
          return (
            <li key={upload.id} className="space-y-1.5 rounded-lg bg-body/4 px-3 py-2 text-sm">
              <p className="truncate">{t("callouts.form.uploading", { name: upload.name, percent })}</p>
              <div
                role="progressbar"
                aria-label={upload.name}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="h-1.5 overflow-hidden rounded-full bg-primary/15"
              >
                <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
              </div>
            </li>
          );
        })}
      </ul>
      {canAdd && (
        <label className="mt-2 flex cursor-pointer items-center justify-center gap-2 rounded-lg border border-dashed border-body/30 px-4 py-5 text-sm font-semibold text-primary hover:bg-primary/4 focus-within:ring-2 focus-within:ring-focus">
          <FileUp aria-hidden className="size-5" />
          {isMultiple ? t("callouts.form.chooseFiles") : t("callouts.form.chooseFile")}
          <input
            id={field.id}
            type="file"
            className="sr-only"
            accept={typeof component.filePattern === "string" ? component.filePattern : undefined}
            multiple={isMultiple}
            {...field.aria}
            onChange={(event) => {
              handleChoose(event.target.files);
              event.target.value = "";
            }}
          />
        </label>
      )}
    </FieldFrame>
  );
}
