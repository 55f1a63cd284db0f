/** `2026-03-05` from a date input, as the start of that day in the browser's time zone, in ISO form. */
export function dateInputToIso(value: string): string {
  const [year, month, day] = value.split("-").map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, day ?? 1).toISOString();
}

/** The day an ISO moment falls on in the browser's time zone, as a date input wants it. */
export function isoToDateInput(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (number: number) => String(number).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today as a date input value. */
export function todayInput(): string {
  return isoToDateInput(new Date().toISOString());
}
