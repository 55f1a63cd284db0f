import type { ContactImportField } from "@cohort/common/contacts";
import { contactImportFields, importFieldForColumn } from "@cohort/common/contacts";
import { normaliseHeader } from "../../shared/csv-import/column-mapping";

/** For each CSV column, in order, the field it fills or null when it is left out. */
export type ColumnMapping = (ContactImportField | null)[];

export type ImportRow = Partial<Record<ContactImportField, string>>;

const knownHeaders = new Map<string, ContactImportField>([
  ...contactImportFields.map((field) => [normaliseHeader(field), field] as const),
  ...Object.entries(importFieldForColumn).map(([header, field]) => [normaliseHeader(header), field] as const),
]);

/** The field a header suggests: an export header or a field name, in any case. */
export function suggestField(header: string): ContactImportField | null {
  const exact = importFieldForColumn[header.trim() as keyof typeof importFieldForColumn];
  return exact ?? knownHeaders.get(normaliseHeader(header)) ?? null;
}

/** Suggests a field for each column; a field goes to the first column that asks for it. */
export function autoMapColumns(headers: readonly string[]): ColumnMapping {
  const taken = new Set<ContactImportField>();
  return headers.map((header) => {
    const field = suggestField(header);
    if (!field || taken.has(field)) return null;
    taken.add(field);
    return field;
  });
}

export interface MappingProblems {
  /** No column is mapped to email. */
  isEmailMissing: boolean;
  /** Fields that more than one column is mapped to. */
  duplicates: ContactImportField[];
}

export function mappingProblems(mapping: ColumnMapping): MappingProblems {
  const counts = new Map<ContactImportField, number>();
  for (const field of mapping) {
    if (field) counts.set(field, (counts.get(field) ?? 0) + 1);
  }
  return {
    isEmailMissing: !counts.has("email"),
    duplicates: [...counts].filter(([, count]) => count > 1).map(([field]) => field),
  };
}

export function isMappingValid(mapping: ColumnMapping): boolean {
  const problems = mappingProblems(mapping);
  return !problems.isEmailMissing && problems.duplicates.length === 0;
}
