/**
 * jsdom lays nothing out, and ProseMirror asks where the selection is drawn (to scroll to it)
 * and what is under the pointer (on a click). For the editor's tests: nothing is drawn anywhere,
 * and nothing is under the pointer, so a click leaves the selection to the browser's events.
 */
export function stubLayoutForEditor(): void {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const emptyRect = () => new DOMRect(0, 0, 0, 0);
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = emptyRect;
  if (!("getClientRects" in Text.prototype)) Object.assign(Text.prototype, { getClientRects: noRects });
  document.elementFromPoint = () => null;
}
