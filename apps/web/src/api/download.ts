import { REQUESTED_WITH_HEADER, REQUESTED_WITH_VALUE } from "@cohort/common/http";
import { responseError } from "./client";

export interface DownloadedFile {
  blob: Blob;
  /** From the answer's `Content-Disposition`, when it names one. */
  fileName: string | undefined;
}

interface DownloadOptions {
  signal?: AbortSignal;
  /** Called with each piece of the body as it arrives. */
  onChunk: (chunk: Uint8Array) => void;
}

/** The file name a `Content-Disposition` header gives (`filename="…"` or the plain form). */
export function fileNameFrom(disposition: string | null): string | undefined {
  const match = disposition?.match(/filename="([^"]+)"|filename=([^;\s]+)/);
  return match?.[1] ?? match?.[2];
}

/**
 * Reads a file from the API piece by piece, so the page can show how far it
 * got, and hands it over whole once it is complete.
 */
export async function downloadFile(url: string, { signal, onChunk }: DownloadOptions): Promise<DownloadedFile> {
  const response = await fetch(url, {
    credentials: "same-origin",
    headers: { [REQUESTED_WITH_HEADER]: REQUESTED_WITH_VALUE },
    signal,
  });
  if (!response.ok) throw await responseError(response);
  const chunks: Uint8Array[] = [];
  const reader = response.body?.getReader();
  if (reader) {
    // Whatever the browser does with an aborted body, stop reading it.
    const stop = () => void reader.cancel().catch(() => undefined);
    signal?.addEventListener("abort", stop, { once: true });
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(value);
        onChunk(value);
      }
    } finally {
      signal?.removeEventListener("abort", stop);
    }
  }
  // A cancelled body ends like a finished one: never hand over a part as the whole.
  signal?.throwIfAborted();
  return {
    blob: new Blob(chunks as BlobPart[], { type: response.headers.get("content-type") ?? "application/octet-stream" }),
    fileName: fileNameFrom(response.headers.get("content-disposition")),
  };
}
