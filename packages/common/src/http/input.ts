/**
 * Checks on raw request input that hold for every field, whatever its schema:
 * no text with a NUL character or a lone UTF-16 surrogate (PostgreSQL stores
 * neither), and no structure nested deeper than MAX_INPUT_DEPTH (deep nesting
 * would exhaust the stack of the recursive schema checks). No zod here, so the
 * web bundle can use it too.
 */

/** How deep objects and arrays may nest in a request body or a JSON query value. */
export const MAX_INPUT_DEPTH = 32;

export type UnsafeInputProblem = "nul" | "surrogate" | "depth";

export interface UnsafeInput {
  /** Where the problem is, e.g. `["answers", "slide1", "name"]`; empty for the value itself. */
  path: (string | number)[];
  problem: UnsafeInputProblem;
}

// With the `u` flag a well-formed surrogate pair is one code point, so this matches lone halves only.
const LONE_SURROGATE = /\p{Cs}/u;

/** Why a string cannot be stored, or null when it can. */
export function unsafeTextProblem(text: string): "nul" | "surrogate" | null {
  if (text.includes("\u0000")) return "nul";
  if (LONE_SURROGATE.test(text)) return "surrogate";
  return null;
}

export const unsafeInputMessages: Record<UnsafeInputProblem, string> = {
  nul: "must not contain a NUL character",
  surrogate: "must be valid Unicode text",
  depth: `must not nest deeper than ${MAX_INPUT_DEPTH} levels`,
};

/**
 * The first string (key or value) that cannot be stored, or the first place
 * nested too deep, in a parsed JSON-like value; null when all is well. Walks
 * iteratively, so any nesting depth is safe to check.
 */
export function findUnsafeInput(value: unknown, maxDepth = MAX_INPUT_DEPTH): UnsafeInput | null {
  const stack: { value: unknown; path: (string | number)[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === "string") {
      const problem = unsafeTextProblem(current);
      if (problem) return { path, problem };
      continue;
    }
    if (typeof current !== "object" || current === null) continue;
    // Raw bodies (buffers, streams) are not parsed input.
    if (ArrayBuffer.isView(current) || typeof (current as { pipe?: unknown }).pipe === "function") continue;
    if (path.length >= maxDepth) return { path, problem: "depth" };
    const entries: [string | number, unknown][] = Array.isArray(current)
      ? current.map((item, index) => [index, item])
      : Object.entries(current);
    for (const [key] of entries) {
      const problem = typeof key === "string" ? unsafeTextProblem(key) : null;
      if (problem) return { path: [...path, key], problem };
    }
    // Pushed in reverse, so the first offending field is the one reported.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return null;
}
