import { sitePath } from "@cohort/common/http";

/**
 * Only same-site paths may follow a login: the shared rule of decision 049
 * (`sitePath`), which also refuses "//evil", "/\evil", hidden whitespace and
 * their percent-escaped forms.
 */
export function safeNextPath(next: string | null | undefined): string | undefined {
  return sitePath(next);
}

/** The login page, remembering where the visitor wanted to go. */
export function loginPath(target: string): string {
  const next = safeNextPath(target);
  if (!next || next === "/") return "/auth/login";
  return `/auth/login?${new URLSearchParams({ next }).toString()}`;
}
