const QUOTE = 0x22;
const LINE_FEED = 0x0a;

/**
 * Counts the data rows of a CSV file as its bytes arrive: line feeds outside
 * quoted cells end a record, and the first record is the header. Quotes and
 * line feeds are single bytes in UTF-8, so chunks may split characters freely.
 */
export function csvRowCounter(): (chunk: Uint8Array) => number {
  let isQuoted = false;
  let records = 0;
  return (chunk) => {
    for (const byte of chunk) {
      if (byte === QUOTE) isQuoted = !isQuoted;
      else if (byte === LINE_FEED && !isQuoted) records += 1;
    }
    return Math.max(records - 1, 0);
  };
}

/** Hands a finished file to the browser to save, under the name given. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken its copy once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
