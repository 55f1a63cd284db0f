import { createReadStream } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { FastifyPluginAsync } from "fastify";
import { API_PREFIX, API_REFERENCE_PATH } from "@cohort/common/http";

export const OPENAPI_PATH = "/openapi.json";
const REFERENCE_PAGE = API_REFERENCE_PATH;

/** The description of the whole API: it holds no data, so anyone may read it (decision 063). */
export const openApiRoutes: FastifyPluginAsync = async (app) => {
  // Built on the first request (about a second), then kept as text: the routes never change.
  let text: string | undefined;
  app.get(OPENAPI_PATH, { config: { access: "public", errors: {} } }, async (_request, reply) => {
    text ??= JSON.stringify(app.swagger());
    return reply.header("cache-control", "no-cache").type("application/json; charset=utf-8").send(text);
  });
};

/**
 * The reference page loads only files of this site: the viewer's bundle (shipped in its npm
 * package) and a small script that points it at the description. Its policy allows inline
 * styles, which the viewer writes at run time, and nothing else beyond the site (decision 063).
 */
export const REFERENCE_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join("; ");

const viewerBundle = () =>
  join(dirname(createRequire(import.meta.url).resolve("@scalar/api-reference")), "browser", "standalone.js");

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function referencePage(lang: string, title: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<div id="reference"></div>
<script src="${REFERENCE_PAGE}/viewer.js"></script>
<script src="${REFERENCE_PAGE}/start.js"></script>
</body>
</html>
`;
}

const START_SCRIPT = `Scalar.createApiReference("#reference", {
  url: ${JSON.stringify(API_PREFIX + OPENAPI_PATH)},
  withDefaultFonts: false,
  telemetry: false,
  hideClientButton: true,
  showDeveloperTools: "never",
  agent: { disabled: true },
  mcp: { disabled: true },
  persistAuth: false,
  forceDarkModeState: "light",
  hideDarkModeToggle: true,
  // The viewer's faintest grey and its method colours are too light to read on white:
  // darker, for WCAG AA contrast.
  customCss:
    ":root .light-mode { --scalar-color-3: #5c5c5c; --scalar-color-green: #0a6b2e; " +
    "--scalar-color-blue: #0b57a8; --scalar-color-orange: #a34a00; --scalar-color-red: #b3261e; " +
    "--scalar-color-purple: #6a3fb5; --scalar-color-yellow: #7a5b00; }"
});
`;

/**
 * The interactive reference, linked from Settings → API keys. Like the description it shows, it
 * holds no data, so it needs no login; what it lets one try still needs a key or a session.
 */
export const apiReferenceRoutes: FastifyPluginAsync = async (app) => {
  app.get(REFERENCE_PAGE, { config: { access: "public", errors: {} } }, async (_request, reply) =>
    reply
      .header("content-security-policy", REFERENCE_POLICY)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(referencePage("en", "Cohort API reference")),
  );
  app.get(`${REFERENCE_PAGE}/viewer.js`, { config: { access: "public", errors: {} } }, async (_request, reply) =>
    reply
      .header("content-security-policy", REFERENCE_POLICY)
      .header("cache-control", "public, max-age=3600")
      .type("text/javascript; charset=utf-8")
      .send(createReadStream(viewerBundle())),
  );
  app.get(`${REFERENCE_PAGE}/start.js`, { config: { access: "public", errors: {} } }, async (_request, reply) =>
    reply
      .header("content-security-policy", REFERENCE_POLICY)
      .header("cache-control", "no-cache")
      .type("text/javascript; charset=utf-8")
      .send(START_SCRIPT),
  );
};
