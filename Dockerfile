# syntax=docker/dockerfile:1
# Cohort: the API server and the web app it serves, in one small image that runs as a
# non-root user. Build:  docker build -t cohort .     Run: see compose.yaml and docs/deploy.md.

ARG NODE_IMAGE=node:20-bookworm-slim

# ---- build: every dependency, then the web app and the server ------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV CI=true
# The manifests first, so the dependency layer is reused while only sources change.
COPY package.json package-lock.json ./
COPY packages/common/package.json packages/common/
COPY packages/stand-ins/package.json packages/stand-ins/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY packages/common packages/common
COPY apps/server apps/server
COPY apps/web apps/web
# tsc -b builds packages/common and the server; Vite builds the web app.
RUN npm run build

# ---- runtime dependencies: the server's and common's, nothing for development ---------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/common/package.json packages/common/
COPY packages/stand-ins/package.json packages/stand-ins/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --omit=dev --no-audit --no-fund --workspace @cohort/server --workspace @cohort/common \
  && npm cache clean --force

# ---- the image that runs -------------------------------------------------------------------
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    TRUST_PROXY=true
WORKDIR /app
COPY --from=deps /app/node_modules node_modules
COPY --from=deps /app/package.json package.json
COPY --from=build /app/packages/common/package.json packages/common/package.json
COPY --from=build /app/packages/common/dist packages/common/dist
COPY --from=build /app/apps/server/package.json apps/server/package.json
COPY --from=build /app/apps/server/dist apps/server/dist
# The migrations are read from the source folder at start.
COPY --from=build /app/apps/server/src/db/migrations apps/server/src/db/migrations
COPY --from=build /app/apps/web/dist apps/web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Each copy migrates the database at start; copies starting together take turns under a
# PostgreSQL advisory lock, so the migrations run once.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/1.0/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
