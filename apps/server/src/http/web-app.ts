import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { API_PREFIX } from "@cohort/common/http";
import { errorBody } from "./errors.js";

/**
 * Serves the built web app. Hashed assets are cached for a year; every other
 * non-API GET falls back to index.html so the client router can take it.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const hasWebApp = existsSync(path.join(distDir, "index.html"));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === API_PREFIX || request.url.startsWith(`${API_PREFIX}/`);
    const isPage = request.method === "GET" || request.method === "HEAD";
    if (isApi || !isPage || !hasWebApp || /\.[a-z0-9]+$/i.test(request.url.split("?")[0] ?? "")) {
      return reply
        .status(404)
        .send(errorBody(404, "route-not-found", `No route for ${request.method} ${request.url.split("?")[0]}`));
    }
    return reply.header("cache-control", "no-cache").type("text/html").sendFile("index.html");
  });
}
