import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { API_PREFIX, isEmbeddablePath } from "@cohort/common/http";
import type { Config } from "../config.js";

/** Stripe.js and its frames (decision 015); the join and profile pages load it when a Stripe method is confirmed. */
const STRIPE_SCRIPT = ["https://js.stripe.com", "https://*.js.stripe.com"];
const STRIPE_FRAME = [...STRIPE_SCRIPT, "https://hooks.stripe.com"];
const STRIPE_API = "https://api.stripe.com";

/** Where the browser's Stripe.js talks to: Stripe, or the stand-in or proxy the server is configured with. */
function stripeApiOrigins(config: Config): string[] {
  const { host, port, protocol } = config.stripe;
  if (!host) return [STRIPE_API];
  return [STRIPE_API, `${protocol ?? "https"}://${host}${port ? `:${port}` : ""}`];
}

/** The error-reporting service the web app sends its reports to (decision 033), when one is configured. */
function errorReportingOrigins(config: Config): string[] {
  return config.errorReporting.dsn ? [new URL(config.errorReporting.dsn).origin] : [];
}

/**
 * Inline styles a page rendered on the server carries (decision 047), each as a CSP hash source
 * (`'sha256-…'`): its theme's `<style>`, and the `style` attributes of its markup.
 */
export interface InlineStyles {
  elements: string[];
  attributes: string[];
}

/**
 * The policy of the web app's pages and of every other non-API answer: the
 * app's own scripts, styles, fonts, workers and API; Stripe.js, its frames
 * and its API; images from anywhere on the web (logos, backgrounds and
 * callout images are addresses the organisation chooses) and from `data:` and
 * `blob:` (previews of a file being uploaded); the map hosts (styles, tiles,
 * fonts and sprites of the maps: the basemap chosen in Settings → Maps and the
 * operator's MAP_HOSTS, decision 057; the MapLibre worker is a file of this
 * site, so workers stay `'self'`; decision 036). No inline script, no `eval`, no plugins, no `<base>`; forms post to
 * this site only. A page rendered on the server allows its own inline styles, by hash.
 */
export function pagePolicy(
  config: Config,
  inlineStyles?: InlineStyles,
  mapHosts: readonly string[] = config.mapHosts,
): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE_SCRIPT.join(" ")}`,
    "style-src 'self'",
    ...(inlineStyles
      ? [
          `style-src-elem 'self' ${inlineStyles.elements.join(" ")}`,
          `style-src-attr ${inlineStyles.attributes.length > 0 ? `'unsafe-hashes' ${inlineStyles.attributes.join(" ")}` : "'none'"}`,
        ]
      : []),
    "img-src 'self' data: blob: https: http:",
    "font-src 'self' data:",
    `connect-src 'self' ${[...stripeApiOrigins(config), ...errorReportingOrigins(config), ...mapHosts].join(" ")}`,
    `frame-src ${STRIPE_FRAME.join(" ")}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** API answers are data: they load nothing. */
export const API_POLICY = "default-src 'none'";

// Only features browsers know: an unknown one (Chromium does not list `bluetooth`) is logged on every page.
export const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "display-capture=()",
  "usb=()",
  "serial=()",
  "hid=()",
  "midi=()",
  // Maps may centre on the visitor; Stripe's frame may offer a wallet.
  "geolocation=(self)",
  'payment=(self "https://js.stripe.com")',
].join(", ");

export const HSTS = "max-age=31536000; includeSubDomains";

const isApiPath = (url: string) =>
  url === API_PREFIX || url.startsWith(`${API_PREFIX}/`) || url.startsWith(`${API_PREFIX}?`);

/**
 * Sets the security headers of one answer, by its path (see `registerSecurityHeaders`);
 * `mapHosts` are the map origins of the moment, else the configuration's.
 */
export type SetSecurityHeaders = (request: FastifyRequest, reply: FastifyReply, mapHosts?: readonly string[]) => void;

export function createSecurityHeaders(config: Config): SetSecurityHeaders {
  const page = pagePolicy(config);
  return (request, reply, mapHosts) => {
    const embeddable = isEmbeddablePath(request.url);
    const frameAncestors = `frame-ancestors ${embeddable ? "*" : "'self'"}`;
    const own = reply.getHeader("content-security-policy");
    const policy =
      typeof own === "string" && own !== ""
        ? own
        : isApiPath(request.url)
          ? API_POLICY
          : mapHosts
            ? pagePolicy(config, undefined, mapHosts)
            : page;
    reply.header(
      "content-security-policy",
      /(^|;)\s*frame-ancestors\s/.test(policy) ? policy : `${policy}; ${frameAncestors}`,
    );
    if (embeddable) reply.removeHeader("x-frame-options");
    else reply.header("x-frame-options", "SAMEORIGIN");
    reply.header("x-content-type-options", "nosniff");
    reply.header("referrer-policy", "strict-origin-when-cross-origin");
    reply.header("permissions-policy", PERMISSIONS_POLICY);
    if (request.protocol === "https") reply.header("strict-transport-security", HSTS);
  };
}

/**
 * The same headers for a request Node's parser refused before it had a path
 * or a protocol: those of an API answer, which loads nothing and is never framed.
 */
export const REFUSED_REQUEST_HEADERS: Readonly<Record<string, string>> = {
  "content-security-policy": `${API_POLICY}; frame-ancestors 'self'`,
  "x-frame-options": "SAMEORIGIN",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "permissions-policy": PERMISSIONS_POLICY,
};

/**
 * Headers every answer carries, set in one place. Framing is decided on the
 * server by path: the embeddable pages of spec section 2 (and the test
 * checkout a framed join reaches) may be framed by any site; every other page,
 * file and API answer only by Cohort itself. A route that sets a stricter
 * policy of its own keeps it, with the framing rule added. HSTS is sent on
 * HTTPS requests only (behind a proxy, with TRUST_PROXY, as the proxy says).
 * The router's own refusals skip the hooks: the app's `frameworkErrors` and
 * `clientErrorHandler` set the same headers (see `app.ts`). A page's map hosts
 * follow the organisation's map settings (`mapHosts`, kept in memory by each
 * copy); API answers load nothing and never ask for them.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  config: Config,
  setHeaders: SetSecurityHeaders = createSecurityHeaders(config),
  mapHosts?: () => Promise<readonly string[]>,
): void {
  app.addHook("onSend", async (request: FastifyRequest, reply: FastifyReply, payload) => {
    let hosts: readonly string[] | undefined;
    if (mapHosts && !isApiPath(request.url) && !reply.hasHeader("content-security-policy")) {
      try {
        hosts = await mapHosts();
      } catch (error) {
        request.log.error({ err: error }, "reading the map hosts failed");
      }
    }
    setHeaders(request, reply, hosts);
    return payload;
  });
}
