/**
 * English messages ship with the app for every visitor, except the
 * namespaces below: the admin area's and those of a few pages a visitor
 * rarely opens first. They load, with the whole English file, when a page
 * that needs them opens (decision 008). Other locales load whole anyway.
 */
const deferredNamespaces = ["join", "contribution", "resets", "setup"];

export function isDeferredNamespace(key: string): boolean {
  return key.startsWith("admin") || deferredNamespaces.includes(key);
}

const pathsNeedingAll = [
  /^\/admin(\/|$)/,
  /^\/setup(\/|$)/,
  /^\/join(\/|$)/,
  /^\/profile\/contribution(\/|$)/,
  /^\/auth\/(forgot-password|reset-password|lost-device|reset-device|set-password|email-change)(\/|$)/,
];

/** True for pages that use a deferred namespace. */
export function needsAllMessages(pathname: string): boolean {
  return pathsNeedingAll.some((pattern) => pattern.test(pathname));
}
