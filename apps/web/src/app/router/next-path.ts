/**
 * Only same-site paths may follow a login: one leading slash, and nothing a
 * browser would read as another host ("//evil", "/\evil").
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith("/")) return undefined;
  if (next.startsWith("//") || next.startsWith("/\\")) return undefined;
  // Control characters and whitespace can hide a second slash from the check above.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\s\\]/.test(next)) return undefined;
  return next;
}

/** The login page, remembering where the visitor wanted to go. */
export function loginPath(target: string): string {
  const next = safeNextPath(target);
  if (!next || next === "/") return "/auth/login";
  return `/auth/login?${new URLSearchParams({ next }).toString()}`;
}
