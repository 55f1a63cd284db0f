import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Download, X } from "lucide-react";
import { downloadFile } from "../../../api/download";
import { messageForError } from "../../../api/error-messages";
import { notifications } from "../../../app/notifications/notification-store";
import { Button } from "../../../ui/button";
import { cx } from "../../../ui/class-names";
import { ProgressMeter } from "../../../ui/progress-meter";
import { csvRowCounter, saveFile } from "./csv-progress";

interface CsvDownloadButtonProps {
  href: string;
  /** How many rows the file should hold (what the list counts), to show progress against. */
  expectedRows: number | undefined;
  /** The button's text; `accessibleLabel` may say more. */
  label: string;
  accessibleLabel?: string;
  /** Used when the server names no file. */
  fallbackName: string;
  className?: string;
}

interface Progress {
  rows: number;
  bytes: number;
}

/**
 * Downloads a CSV from the API while showing the rows received against the rows
 * expected, then saves it. The same button cancels while it runs, so focus stays.
 */
export function CsvDownloadButton({
  href,
  expectedRows,
  label,
  accessibleLabel,
  fallbackName,
  className,
}: CsvDownloadButtonProps) {
  const { t, i18n } = useTranslation();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [total, setTotal] = useState<number | undefined>(undefined);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page ends the download.
  useEffect(() => () => controller.current?.abort(), []);

  const number = (value: number) => value.toLocaleString(i18n.language);
  const megabytes = (bytes: number) =>
    new Intl.NumberFormat(i18n.language, { style: "unit", unit: "megabyte", maximumFractionDigits: 1 }).format(
      bytes / 1_000_000,
    );

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    // The count the person saw when they asked; the list may refresh meanwhile.
    setTotal(expectedRows);
    setProgress({ rows: 0, bytes: 0 });
    const countRows = csvRowCounter();
    let bytes = 0;
    try {
      const file = await downloadFile(href, {
        signal: abort.signal,
        onChunk: (chunk) => {
          bytes += chunk.byteLength;
          setProgress({ rows: countRows(chunk), bytes });
        },
      });
      const rows = countRows(new Uint8Array());
      saveFile(file.blob, file.fileName ?? fallbackName);
      notifications.addToast({
        variant: "success",
        title: t("admin.download.saved"),
        description: t("admin.download.savedRows", { rows: number(rows), size: megabytes(bytes) }),
      });
    } catch (failure) {
      if (!abort.signal.aborted) {
        notifications.addToast({
          variant: "error",
          title: t("admin.download.failed"),
          description: t(messageForError(failure)),
        });
      }
    } finally {
      if (controller.current === abort) controller.current = null;
      setProgress(null);
    }
  };

  const cancel = () => {
    controller.current?.abort();
    notifications.addToast({ variant: "info", title: t("admin.download.cancelled") });
  };

  const valueText = progress
    ? total !== undefined
      ? t("admin.download.progress", {
          rows: number(Math.min(progress.rows, total)),
          total: number(total),
          size: megabytes(progress.bytes),
        })
      : t("admin.download.progressUnknown", { rows: number(progress.rows), size: megabytes(progress.bytes) })
    : "";

  return (
    <div className={cx("flex flex-wrap items-center gap-3", className)}>
      {progress && (
        <ProgressMeter
          className="w-56 max-w-full"
          label={t("admin.download.label")}
          value={total === undefined ? undefined : Math.min(progress.rows, total)}
          max={total}
          valueText={valueText}
        />
      )}
      <Button
        variant="secondary"
        size="sm"
        aria-label={progress ? t("admin.download.cancel") : accessibleLabel}
        icon={progress ? <X aria-hidden className="size-4" /> : <Download aria-hidden className="size-4" />}
        onClick={progress ? cancel : () => void start()}
      >
        {progress ? t("admin.download.cancel") : label}
      </Button>
    </div>
  );
}
