export type { Selection } from "../../shared/use-row-selection";
/** Which contacts are selected: some by id, or all that match the list. */
export { useRowSelection as useContactSelection } from "../../shared/use-row-selection";
