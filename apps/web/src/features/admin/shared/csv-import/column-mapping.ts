/** Lower case letters and digits only, so "E-mail Address" and "email_address" compare equal. */
export const normaliseHeader = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

/**
 * The rows to send: one per CSV row, in the same order so the server's row
 * numbers match the file, with the cells of each mapped column under what it
 * was mapped to. Unmapped columns are dropped; values are sent as they are
 * (the server trims them).
 */
export function buildImportRows<Target extends string>(
  records: readonly Record<string, string | undefined>[],
  headers: readonly string[],
  mapping: readonly (Target | null)[],
): Partial<Record<Target, string>>[] {
  const pairs = headers.flatMap((header, index) => {
    const target = mapping[index];
    return target ? [[header, target] as const] : [];
  });
  return records.map((record) => {
    const row: Partial<Record<Target, string>> = {};
    for (const [header, target] of pairs) {
      const value = record[header];
      if (typeof value === "string") row[target] = value;
    }
    return row;
  });
}
