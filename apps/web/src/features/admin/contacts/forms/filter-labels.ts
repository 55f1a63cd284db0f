export { operatorLabelKey, relativeDates } from "../../shared/filters/filter-labels";

export function fieldLabelKey(field: string): string {
  return `admin.contacts.filters.fields.${field}`;
}

export function groupLabelKey(group: string): string {
  return `admin.contacts.filters.groups.${group}`;
}

/** The label of one option of a list field, such as a newsletter status. */
export function optionLabelKey(field: string, option: string): string {
  if (field === "activePermission") return `admin.contacts.roleNames.${option}`;
  return `admin.contacts.values.${field}.${option}`;
}
