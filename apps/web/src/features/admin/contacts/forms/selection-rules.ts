/** A rule group that matches exactly the given contacts. */
export { selectedIdsRules as selectedContactsRules } from "../../shared/selection-rules";
