import type { ContactImportField } from "@cohort/common/contacts";
import { contactImportFields, importFieldForColumn } from "@cohort/common/contacts";

/** For each CSV column, in order, the field it fills or null when it is left out. */
export type ColumnMapping = (ContactImportField | null)[];

export type ImportRow = Partial<Record<ContactImportField, string>>;

/** Lower case letters and digits only, so "Email Address" and "email_address" compare equal. */
const normalise = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

const knownHeaders = new Map<string, ContactImportField>([
  ...contactImportFields.map((field) => [normalise(field), field] as const),
  ...Object.entries(importFieldForColumn).map(([header, field]) => [normalise(header), field] as const),
]);

/** The field a header suggests: an export header or a field name, in any case. */
export function suggestField(header: string): ContactImportField | null {
  const exact = importFieldForColumn[header.trim() as keyof typeof importFieldForColumn];
  return exact ?? knownHeaders.get(normalise(header)) ?? null;
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

/**
 * The rows to send: one per CSV row, in the same order so the server's row
 * numbers match the file. Unmapped columns are dropped; values are sent as
 * they are (the server trims them).
 */
export function buildImportRows(
  records: readonly Record<string, string | undefined>[],
  headers: readonly string[],
  mapping: ColumnMapping,
): ImportRow[] {
  const pairs = headers.flatMap((header, index) => {
    const field = mapping[index];
    return field ? [[header, field] as const] : [];
  });
  return records.map((record) => {
    const row: ImportRow = {};
    for (const [header, field] of pairs) {
      const value = record[header];
      if (typeof value === "string") row[field] = value;
    }
    return row;
  });
}
