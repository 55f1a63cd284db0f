import { useState } from "react";
import type { RuleGroup } from "@cohort/common/filters";
import { selectedIdsRules } from "./selection-rules";

export type Selection = { mode: "ids"; ids: ReadonlySet<string> } | { mode: "all" };

const nothing: Selection = { mode: "ids", ids: new Set() };

/**
 * Which rows of an admin list are selected: some by id, or all that match the list.
 * The selection belongs to one list (`scope`); another filter starts afresh.
 */
export function useRowSelection(scope: string) {
  const [stored, setStored] = useState<{ scope: string; selection: Selection }>({ scope, selection: nothing });
  const selection = stored.scope === scope ? stored.selection : nothing;
  const update = (next: Selection) => setStored({ scope, selection: next });

  return {
    selection,
    isAllMatching: selection.mode === "all",
    isSelected: (id: string) => selection.mode === "all" || selection.ids.has(id),
    /** How many are selected, given how many match. */
    count: (total: number) => (selection.mode === "all" ? total : selection.ids.size),
    toggle: (id: string, isOn: boolean, pageIds: readonly string[]) => {
      const ids = new Set(selection.mode === "all" ? pageIds : selection.ids);
      if (isOn) ids.add(id);
      else ids.delete(id);
      update({ mode: "ids", ids });
    },
    togglePage: (pageIds: readonly string[], isOn: boolean) => {
      if (!isOn && selection.mode === "all") return update(nothing);
      const ids = new Set(selection.mode === "all" ? [] : selection.ids);
      for (const id of pageIds) {
        if (isOn) ids.add(id);
        else ids.delete(id);
      }
      update({ mode: "ids", ids });
    },
    selectAllMatching: () => update({ mode: "all" }),
    clear: () => update(nothing),
    /** The rules that reach exactly the selected rows. */
    rules: (matching: RuleGroup | undefined): RuleGroup =>
      selection.mode === "all" ? (matching ?? { condition: "AND", rules: [] }) : selectedIdsRules([...selection.ids]),
  };
}
