/**
 * What a click on a cluster of responses does (reference section 15.7): zoom
 * in one step past the zoom where the cluster splits, or, when the map cannot
 * zoom that far, open the cluster's responses, lowest number first.
 */
export function clusterAction(expansionZoom: number, maxZoom: number): "zoom" | "open" {
  return expansionZoom >= maxZoom ? "open" : "zoom";
}

/** The responses of a cluster in the order the side panel pages through them. */
export function clusterEntries(numbers: readonly number[]): number[] {
  return [...new Set(numbers)].sort((a, b) => a - b);
}

/** The entry the side panel shows ("entry X of Y", X from 1), or undefined when the response is not in the group. */
export function entryPosition(
  group: readonly number[],
  selected: number,
): { index: number; total: number } | undefined {
  const index = group.indexOf(selected);
  return index < 0 ? undefined : { index: index + 1, total: group.length };
}

/** The previous (-1) or next (+1) response of the group, wrapping around. */
export function stepEntry(group: readonly number[], selected: number, step: -1 | 1): number | undefined {
  const index = group.indexOf(selected);
  if (index < 0 || group.length === 0) return undefined;
  return group[(index + step + group.length) % group.length];
}
