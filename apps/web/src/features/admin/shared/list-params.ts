/** A positive whole number from the address, else the fallback. */
export function positiveInteger(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

/** A list's page (`page`, from 1) and page size (`size`, one of `sizes`) as the address keeps them. */
export function readPage(params: URLSearchParams, sizes: readonly number[], defaultSize: number) {
  const size = positiveInteger(params.get("size"), defaultSize);
  return { page: positiveInteger(params.get("page"), 1), size: sizes.includes(size) ? size : defaultSize };
}
