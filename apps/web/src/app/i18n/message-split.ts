/**
 * English messages ship with the app for every visitor, except the
 * namespaces below: the admin area's and those of a few pages a visitor
 * rarely opens first. They load, with the whole English file, when a page
 * that needs them opens (decision 008). Other locales load whole anyway.
 */
const deferredNamespaces = [
  "join",
  "contribution",
  "resets",
  "setup",
  "account",
  "themePage",
  "calloutMap",
  "calloutViews",
];

export function isDeferredNamespace(key: string): boolean {
  return key.startsWith("admin") || deferredNamespaces.includes(key);
}

/** Titles of pages that load every message anyway (see `pathsNeedingAll`), besides the admin area's. */
const deferredTitles =
  /^(admin|join|setup$|theme$|profileContribution$|contributionCancel$|confirmResponse$|calloutMap$|calloutGallery$)/;
const deferredAuthTitles = [
  "forgotPassword",
  "resetPassword",
  "setPassword",
  "lostDevice",
  "resetDevice",
  "emailChange",
];

/** Keys of shared namespaces that only pages loading every message use: their titles, the guest's confirmation. */
function isDeferredKey(namespace: string, key: string): boolean {
  if (namespace === "pageTitles") return deferredTitles.test(key) || deferredAuthTitles.includes(key);
  return namespace === "callouts" && key === "confirmResponse";
}

/** The English messages bundled for every visitor: all but the deferred namespaces and keys. */
export function bundledMessages(messages: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [namespace, value] of Object.entries(messages)) {
    if (isDeferredNamespace(namespace)) continue;
    kept[namespace] =
      typeof value === "object" && value !== null
        ? Object.fromEntries(Object.entries(value).filter(([key]) => !isDeferredKey(namespace, key)))
        : value;
  }
  return kept;
}

const pathsNeedingAll = [
  /^\/admin(\/|$)/,
  /^\/setup(\/|$)/,
  /^\/_theme(\/|$)/,
  /^\/join(\/|$)/,
  /^\/confirm-response(\/|$)/,
  /^\/callouts\/[^/]+\/map\/?$/,
  /^\/callouts\/[^/]+\/gallery\/?$/,
  /^\/profile\/(contribution|account)(\/|$)/,
  /^\/auth\/(forgot-password|reset-password|lost-device|reset-device|set-password|email-change)(\/|$)/,
];

/** True for pages that use a deferred namespace. */
export function needsAllMessages(pathname: string): boolean {
  return pathsNeedingAll.some((pattern) => pattern.test(pathname));
}
