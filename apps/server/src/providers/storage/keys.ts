/** Storage keys are relative paths of plain segments: letters, digits, `.`, `_` and `-`, never `.` or `..`. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function assertSafeKey(key: string): void {
  const segments = key.split("/");
  const safe = key.length <= 512 && segments.every((segment) => SEGMENT.test(segment) && !segment.includes(".."));
  if (!safe) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
}
