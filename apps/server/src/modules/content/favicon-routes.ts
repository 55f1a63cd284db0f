import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import type { FastifyPluginAsync } from "fastify";
import sharp from "sharp";
import { IMAGE_SIZES } from "@cohort/common/callouts";
import type { AppContext } from "../../context.js";
import { openUpload, uploadedFileOf } from "../uploads/service.js";
import { getGeneralContent } from "./service.js";

/** Cohort's own icon's size in pixels, each way. */
const ICON_SIZE = 64;
/** The logo is served at the smallest size uploads come in. */
const LOGO_BOUND = IMAGE_SIZES[0];
/** The organisation's logo may change: browsers ask again after an hour. */
const LOGO_CACHE = "public, max-age=3600";
/** Cohort's own icon changes only with a release. */
const OWN_ICON_CACHE = "public, max-age=86400";

/** Cohort's own icon, from the web app's build (or its sources, when there is no build), as a PNG. */
function ownIcon(webDistDir: string): () => Promise<Buffer | null> {
  let icon: Promise<Buffer | null> | undefined;
  return () => {
    icon ??= (async () => {
      const candidates = [path.join(webDistDir, "favicon.svg"), path.join(webDistDir, "..", "public", "favicon.svg")];
      const source = candidates.find((file) => existsSync(file));
      if (!source) return null;
      return sharp(readFileSync(source)).resize(ICON_SIZE, ICON_SIZE).png().toBuffer();
    })();
    return icon;
  };
}

/**
 * `GET /favicon.png`, which browsers and the reference's web app ask for on
 * every page: the organisation's logo when it is a file uploaded here (made
 * small), else Cohort's own icon. The logo is read as a visitor reads it, so
 * the answer is the same for everyone and may be cached publicly.
 */
export function faviconRoutes(ctx: AppContext): FastifyPluginAsync {
  const cohortIcon = ownIcon(ctx.config.webDistDir);
  return async (app) => {
    app.get(
      "/favicon.png",
      { config: { access: "public", errors: { 404: ["not-found"] } } },
      async (request, reply) => {
        const logo = uploadedFileOf(ctx, (await getGeneralContent(ctx)).logoUrl);
        if (logo) {
          try {
            const file = await openUpload(
              ctx,
              { method: "none", contact: null, roles: [] },
              { ...logo, bounds: { width: LOGO_BOUND, height: LOGO_BOUND } },
            );
            return reply
              .type(file.contentType)
              .header("cache-control", LOGO_CACHE)
              .header("x-content-type-options", "nosniff")
              .send(file.body);
          } catch (error) {
            // A logo that is gone or unreadable: the built-in icon stands in.
            request.log.warn({ err: error }, "the logo could not be served as the icon");
          }
        }
        const icon = await cohortIcon();
        if (!icon) return reply.callNotFound();
        return reply.type("image/png").header("cache-control", OWN_ICON_CACHE).send(icon);
      },
    );
  };
}
