import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import type { MapSettings } from "@cohort/common/geocoding";
import { ClientError, isErrorCode } from "../../../../api/client-error";
import { errorMessage } from "../../../../api/error-messages";
import { settingsKeys } from "../../../../api/settings";
import { Button } from "../../../../ui/button";
import { ConfirmDialog } from "../../../../ui/confirm-dialog";
import { ProgressBar } from "../../../../ui/progress-bar";
import { mapKeys } from "../../../callouts";
import { removeBasemapFile, uploadBasemap } from "./basemap-upload";

/** Berlin and its surroundings, as the steps' example: west,south,east,north in degrees. */
const EXTRACT_EXAMPLE =
  "pmtiles extract https://build.protomaps.com/20250101.pmtiles region.pmtiles \\\n  --bbox=12.9,52.3,13.8,52.7 --maxzoom=15";

const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);

/** The message for a failed upload or removal: the server's code when it sent one. */
function failureKey(error: unknown): string {
  if (error instanceof ClientError && isErrorCode(error.code)) return errorMessage(error.code);
  return "adminSettings.maps.uploadFailed";
}

/** Uploading the file in parts, stopping it, and removing it; with what happened, to show. */
function useBasemapFile(content: MapSettings) {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ name: string; received: number; size: number } | null>(null);
  const [abort, setAbort] = useState<AbortController | null>(null);
  const [notice, setNotice] = useState<{ key: string; isError: boolean } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [removing, setRemoving] = useState(false);

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: settingsKeys.maps });
    await queryClient.invalidateQueries({ queryKey: mapKeys.config });
  };

  const upload = async (chosen: File) => {
    setNotice(null);
    if (chosen.size > content.uploadMaxBytes) {
      setNotice({ key: "errors.mapFileTooLarge", isError: true });
      return;
    }
    const controller = new AbortController();
    setAbort(controller);
    setProgress({ name: chosen.name, received: 0, size: chosen.size });
    try {
      await uploadBasemap(chosen, {
        signal: controller.signal,
        onProgress: (received, size) => setProgress({ name: chosen.name, received, size }),
      });
      setNotice({
        key: content.basemap === "pmtiles" ? "adminSettings.maps.uploadedInUse" : "adminSettings.maps.uploaded",
        isError: false,
      });
      await refresh();
    } catch (error) {
      setNotice(
        controller.signal.aborted
          ? { key: "adminSettings.maps.uploadStopped", isError: false }
          : { key: failureKey(error), isError: true },
      );
    } finally {
      setProgress(null);
      setAbort(null);
      if (input.current) input.current.value = "";
    }
  };

  const remove = async () => {
    setRemoving(true);
    try {
      await removeBasemapFile();
      setNotice({ key: "adminSettings.maps.removed", isError: false });
      await refresh();
    } catch (error) {
      setNotice({ key: failureKey(error), isError: true });
    } finally {
      setRemoving(false);
      setConfirming(false);
    }
  };

  return { input, progress, abort, notice, confirming, setConfirming, removing, upload, remove };
}

/**
 * The PMTiles file of Settings → Maps (decision 057): what is there, an upload in parts
 * with its progress, replacing and removing it, and how to cut a region.
 */
export function BasemapFilePanel({ content }: { content: MapSettings }) {
  const { t, i18n } = useTranslation();
  const { input, progress, abort, notice, confirming, setConfirming, removing, upload, remove } =
    useBasemapFile(content);
  const file = content.pmtilesFile;
  const percent = progress ? Math.floor((progress.received / Math.max(progress.size, 1)) * 100) : 0;

  return (
    <div className="space-y-3 rounded-lg bg-body/5 p-4 text-sm" data-testid="basemap-file">
      <p className="font-semibold">
        {file
          ? t("adminSettings.maps.pmtilesUploaded", {
              name: file.name,
              size: megabytes(file.size),
              date: new Date(file.uploadedAt).toLocaleString(i18n.language.split("@")[0], {
                dateStyle: "medium",
                timeStyle: "short",
              }),
            })
          : content.pmtilesSize !== null
            ? t("adminSettings.maps.pmtilesFromConfig", { size: megabytes(content.pmtilesSize) })
            : t("adminSettings.maps.pmtilesMissing")}
      </p>
      <input
        ref={input}
        type="file"
        accept=".pmtiles,application/vnd.pmtiles"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="basemap-file-input"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (chosen) void upload(chosen);
        }}
      />
      {progress ? (
        <div className="space-y-2">
          <p aria-live="polite">
            {t("adminSettings.maps.uploading", {
              name: progress.name,
              percent,
              received: megabytes(progress.received),
              size: megabytes(progress.size),
            })}
          </p>
          <ProgressBar value={progress.received / Math.max(progress.size, 1)} className="text-primary" />
          <Button variant="secondary" size="sm" onClick={() => abort?.abort()}>
            {t("adminSettings.maps.stopUpload")}
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => input.current?.click()}>
            {file ? t("adminSettings.maps.replaceFile") : t("adminSettings.maps.uploadFile")}
          </Button>
          {file && (
            <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
              {t("adminSettings.maps.removeFile")}
            </Button>
          )}
        </div>
      )}
      {notice && (
        <p role={notice.isError ? "alert" : "status"} className={notice.isError ? "text-danger" : "text-success"}>
          {t(notice.key)}
        </p>
      )}
      <p className="text-body/70">
        {t("adminSettings.maps.uploadLimit", { max: Math.floor(content.uploadMaxBytes / 1_048_576) })}
      </p>
      <ol className="list-decimal space-y-1 pl-5">
        <li>{t("adminSettings.maps.pmtilesStep1")}</li>
        <li>
          {t("adminSettings.maps.pmtilesStep2")}
          <pre className="mt-1 overflow-x-auto rounded bg-body/10 p-2 text-xs">{EXTRACT_EXAMPLE}</pre>
        </li>
        <li>{t("adminSettings.maps.pmtilesStep3")}</li>
      </ol>
      <ConfirmDialog
        isOpen={confirming}
        title={t("adminSettings.maps.removeFileTitle")}
        description={t("adminSettings.maps.removeFileDescription", { name: file?.name ?? "" })}
        confirmLabel={t("adminSettings.maps.removeFile")}
        cancelLabel={t("common.cancel")}
        closeLabel={t("common.close")}
        isPending={removing}
        onConfirm={() => void remove()}
        onClose={() => setConfirming(false)}
      />
    </div>
  );
}
