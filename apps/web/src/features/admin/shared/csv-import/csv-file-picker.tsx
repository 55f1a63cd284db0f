import type { DragEvent } from "react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { FileUp } from "lucide-react";
import { cx } from "../../../../ui/class-names";
import { Spinner } from "../../../../ui/spinner";

interface CsvFilePickerProps {
  isReading: boolean;
  /** Set once a file has been read, to offer choosing another. */
  hasFile: boolean;
  onFile: (file: File) => void;
}

/** A file input that also takes a file dropped onto it. */
export function CsvFilePicker({ isReading, hasFile, onFile }: CsvFilePickerProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();
  const [isDragging, setIsDragging] = useState(false);

  const handleDrop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !isReading) onFile(file);
  };

  return (
    <div>
      <input
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        aria-describedby={hintId}
        disabled={isReading}
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Lets the same file be chosen again after it has been fixed.
          event.target.value = "";
          if (file) onFile(file);
        }}
      />
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={handleDrop}
        className={cx(
          "flex cursor-pointer flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors",
          "peer-focus-visible:ring-3 peer-focus-visible:ring-focus/40",
          isDragging ? "border-link bg-link/8" : "border-body/20 hover:border-body/40 hover:bg-body/3",
        )}
      >
        {isReading ? <Spinner className="size-6 text-link" /> : <FileUp aria-hidden className="size-6 text-link" />}
        <span className="font-semibold text-link-text">
          {isReading
            ? t("admin.contacts.import.reading")
            : hasFile
              ? t("admin.contacts.import.changeFile")
              : t("admin.contacts.import.fileLabel")}
        </span>
        <span id={hintId} className="text-sm text-body/70">
          {t("admin.contacts.import.fileHint")}
        </span>
      </label>
    </div>
  );
}
