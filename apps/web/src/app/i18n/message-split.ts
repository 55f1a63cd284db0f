/**
 * English messages ship with the app for every visitor, except the
 * namespaces below: the admin area's and those of a few pages a visitor
 * rarely opens first. They load when a page that needs them opens: the
 * whole English file for the admin area and the member's pages around it,
 * only the deferred texts outside the admin's for the others (decision 008).
 * Other locales load whole anyway.
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
  "gift",
  "recovery",
];

/** Namespaces of the admin area and the `/_theme` showcase. */
function isAdminNamespace(key: string): boolean {
  return key.startsWith("admin") || key === "themePage";
}

export function isDeferredNamespace(key: string): boolean {
  return isAdminNamespace(key) || deferredNamespaces.includes(key);
}

/** Titles of pages that load every message anyway (see `pathsNeedingAll`), besides the admin area's. */
const deferredTitles =
  /^(admin|join|gift|setup$|theme$|profileContribution$|contributionCancel$|confirmResponse$|calloutMap$|calloutGallery$)/;
const deferredAuthTitles = [
  "forgotPassword",
  "resetPassword",
  "setPassword",
  "lostDevice",
  "resetDevice",
  "emailChange",
  "paymentUpdate",
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

/**
 * The deferred English texts pages outside the admin area use: the deferred namespaces and keys,
 * without the admin's namespaces. With the bundled ones, all that those pages show.
 */
export function deferredPublicMessages(messages: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [namespace, value] of Object.entries(messages)) {
    if (isAdminNamespace(namespace)) continue;
    if (isDeferredNamespace(namespace)) {
      kept[namespace] = value;
    } else if (typeof value === "object" && value !== null) {
      const deferredKeys = Object.entries(value).filter(([key]) => isDeferredKey(namespace, key));
      if (deferredKeys.length > 0) kept[namespace] = Object.fromEntries(deferredKeys);
    }
  }
  return kept;
}

/**
 * Pages that load the whole English file: the admin area, the showcase, and the member's pages
 * whose navigation lists the admin's pages (their labels live in the admin namespaces).
 */
const pathsNeedingEvery = [/^\/admin(\/|$)/, /^\/_theme(\/|$)/, /^\/profile\/(contribution|account)(\/|$)/];

const pathsNeedingAll = [
  /^\/admin(\/|$)/,
  /^\/setup(\/|$)/,
  /^\/_theme(\/|$)/,
  /^\/join(\/|$)/,
  /^\/donate(\/|$)/,
  /^\/confirm-response(\/|$)/,
  /^\/callouts\/[^/]+\/map\/?$/,
  /^\/callouts\/[^/]+\/gallery\/?$/,
  /^\/profile\/(contribution|account)(\/|$)/,
  /^\/auth\/(forgot-password|reset-password|lost-device|reset-device|set-password|email-change)(\/|$)/,
  /^\/payment\/update(\/|$)/,
];

/** True for pages that use a deferred namespace. */
export function needsAllMessages(pathname: string): boolean {
  return pathsNeedingAll.some((pattern) => pattern.test(pathname));
}

/** Which English texts a page waits for besides the bundled ones: none, the deferred public ones, or every one. */
export function deferredMessagesFor(pathname: string): false | "public" | "all" {
  if (!needsAllMessages(pathname)) return false;
  return pathsNeedingEvery.some((pattern) => pattern.test(pathname)) ? "all" : "public";
}
