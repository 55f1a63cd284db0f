import type { TFunction } from "i18next";
import type { ContactImportField } from "@cohort/common/contacts";
import { contactImportFields } from "@cohort/common/contacts";

export function isImportField(value: string): value is ContactImportField {
  return (contactImportFields as readonly string[]).includes(value);
}

/** The translated name of a field; anything else the server names is shown as it is. */
export function importFieldLabel(t: TFunction, field: string): string {
  return isImportField(field) ? t(`admin.contacts.import.fields.${field}`) : field;
}
